import type { SelectProps } from '@mantine/core';
import { SearchPicker } from '../../../components/SearchPicker.tsx';
import { endpointQuery } from '../../../lib/queries.ts';

interface SupervisorPickerProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  value: string | null;
  onChange: (supervisorId: string | null) => void;
}

const toOption = (supervisor: {
  id: string;
  firstName: string;
  lastName: string;
  clientName: string | null;
}) => ({
  value: supervisor.id,
  label: `${supervisor.firstName} ${supervisor.lastName}${supervisor.clientName ? ` — ${supervisor.clientName}` : ''}`,
});

/** A site supervisor, active or not (reports look back), searched on the server as one types. */
export function SupervisorPicker(props: SupervisorPickerProps) {
  return (
    <SearchPicker
      {...props}
      search={(q) =>
        endpointQuery('GET /supervisors', { query: { q, pageSize: 20, sort: 'lastName', active: 'all' } })
      }
      toOption={toOption}
    />
  );
}
