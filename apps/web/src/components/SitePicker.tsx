import type { SelectProps } from '@mantine/core';
import { endpointQuery } from '../lib/queries.ts';
import { SearchPicker } from './SearchPicker.tsx';

export interface SitePickerProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  value: string | null;
  onChange: (siteId: string | null) => void;
}

const toOption = (site: { id: string; name: string; clientName: string; city: string | null }) => ({
  value: site.id,
  label: `${site.name} — ${site.clientName}${site.city ? `, ${site.city}` : ''}`,
});

/** A job site of any client, searched on the server as one types (by its name, its client's…). */
export function SitePicker(props: SitePickerProps) {
  return (
    <SearchPicker
      {...props}
      search={(q) => endpointQuery('GET /sites', { query: { q, pageSize: 20, sort: 'name' } })}
      toOption={toOption}
    />
  );
}
