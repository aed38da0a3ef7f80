import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Column } from './columns.ts';

/** A row of a list about work at a site: an order, an assignation, a timesheet. */
interface AtSite {
  site: { name: string; city: string | null };
  client: { name: string };
}

/**
 * The "Chantier" column of the lists of work at sites: the site's name, its client and city under
 * it; sorted by the site's name (`sort=site`). `width` is its share of the table ('26%').
 *
 *   const columns: Column<OrderListItem>[] = [siteColumn(t('orders.site'), '26%'), …];
 */
export function siteColumn<T extends AtSite>(title: ReactNode, width: string): Column<T> {
  return {
    accessor: 'site',
    title,
    sortable: true,
    ellipsis: true,
    width,
    render: (row) => (
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} truncate="end">
          {row.site.name}
        </Text>
        <Text size="xs" c="dimmed" truncate="end">
          {row.client.name}
          {row.site.city ? ` · ${row.site.city}` : ''}
        </Text>
      </div>
    ),
  };
}
