import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRouteHandle } from '../app/routeHandle.ts';

export interface ListPageProps {
  /** The h1; default: the route's title from the route table. */
  title?: ReactNode;
  /** The create route, e.g. '/clients/create'; with `createLabel`, the primary button beside the title. */
  createHref?: string;
  /** e.g. t('titles.clientsCreate') → "Nouveau client". */
  createLabel?: string;
  /** Usually a `<ListToolbar>`. */
  toolbar?: ReactNode;
  /** Usually a `<DataTable>`. */
  children: ReactNode;
}

/**
 * The frame of a list screen: h1 with the "Nouveau …" button on the same line, toolbar, table.
 *
 *   <ListPage createHref="/clients/create" createLabel={t('titles.clientsCreate')}
 *     toolbar={<ListToolbar list={list} … />}><DataTable list={list} … /></ListPage>
 */
export function ListPage({ title, createHref, createLabel, toolbar, children }: ListPageProps) {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{title ?? (handle ? t(handle.titleKey) : '')}</Title>
        {createHref && createLabel ? (
          <Button
            component={Link}
            to={createHref}
            leftSection={<IconPlus size={18} aria-hidden />}
            style={{ flexShrink: 0 }}
            data-testid="list-create"
          >
            {createLabel}
          </Button>
        ) : null}
      </Group>
      {toolbar}
      {children}
    </Stack>
  );
}
