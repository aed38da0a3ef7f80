import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteHandle } from '../app/routeHandle.ts';

export interface ListPageProps {
  /** The h1; default: the route's title from the route table. */
  title?: ReactNode;
  /** Usually a `<ListToolbar>`. */
  toolbar?: ReactNode;
  /** Usually a `<DataTable>`. */
  children: ReactNode;
}

/**
 * The frame of a list screen: h1, toolbar, table.
 *
 *   <ListPage toolbar={<ListToolbar list={list} … />}><DataTable list={list} … /></ListPage>
 */
export function ListPage({ title, toolbar, children }: ListPageProps) {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  return (
    <Stack gap="md">
      <Title order={1}>{title ?? (handle ? t(handle.titleKey) : '')}</Title>
      {toolbar}
      {children}
    </Stack>
  );
}
