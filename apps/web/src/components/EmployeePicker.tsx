import type { SelectProps } from '@mantine/core';
import { endpointQuery } from '../lib/queries.ts';
import { SearchPicker } from './SearchPicker.tsx';

export interface EmployeePickerProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  value: string | null;
  onChange: (employeeId: string | null) => void;
}

const toOption = (employee: { id: string; firstName: string; lastName: string; employeeNumber: string }) => ({
  value: employee.id,
  label: `${employee.firstName} ${employee.lastName} (${employee.employeeNumber})`,
});

/** An active employee, searched on the server by name or number as one types. */
export function EmployeePicker(props: EmployeePickerProps) {
  return (
    <SearchPicker
      {...props}
      search={(q) => endpointQuery('GET /employees', { query: { q, pageSize: 20, sort: 'lastName' } })}
      toOption={toOption}
    />
  );
}
