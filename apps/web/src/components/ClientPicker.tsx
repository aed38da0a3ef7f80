import type { SelectProps } from '@mantine/core';
import { endpointQuery } from '../lib/queries.ts';
import { SearchPicker } from './SearchPicker.tsx';

export interface ClientPickerProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  value: string | null;
  onChange: (clientId: string | null) => void;
  /** The chosen client's name when the form opens (an edit), so it shows before any search. */
  initialName?: string;
  /** Active clients only (a new order); all for filters and blacklists. */
  activeOnly?: boolean;
}

const toOption = (client: { id: string; name: string }) => ({ value: client.id, label: client.name });

/** A client, searched on the server as one types (accents and case ignored). */
export function ClientPicker({ initialName, activeOnly = false, ...props }: ClientPickerProps) {
  return (
    <SearchPicker
      {...props}
      initialLabel={initialName}
      search={(q) =>
        endpointQuery('GET /clients', {
          query: { q, pageSize: 20, sort: 'name', active: activeOnly ? 'true' : 'all' },
        })
      }
      toOption={toOption}
    />
  );
}
