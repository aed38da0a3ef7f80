import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRouteHandle } from '../lib/routeTable.ts';
import { type EmptyListAction, ListCreateContext } from './EmptyState.tsx';

export interface ListPageProps {
  /** The h1; default: the route's title from the route table. */
  title?: ReactNode;
  /**
   * The create route and label, e.g. `{ href: '/clients/create', label: t('titles.clientsCreate') }`:
   * the primary button beside the title, and the call-to-action of an empty list.
   */
  create?: EmptyListAction;
  /** Other buttons of the screen, before the create one (a link to a related screen). */
  actions?: ReactNode;
  /** What comes between the title and the toolbar: a summary, a switch between views. */
  intro?: ReactNode;
  /** Usually a `<ListToolbar>`. */
  toolbar?: ReactNode;
  /** Usually a `<DataTable>`. */
  children: ReactNode;
}

/**
 * The frame of a list screen: h1 with the "Nouveau …" button on the same line, toolbar, table.
 *
 *   <ListPage create={{ href: '/clients/create', label: t('titles.clientsCreate') }}
 *     toolbar={<ListToolbar list={list} … />}><DataTable list={list} … /></ListPage>
 */
export function ListPage({ title, create, actions, intro, toolbar, children }: ListPageProps) {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const createButton = create ? (
    <Button
      component={Link}
      to={create.href}
      leftSection={<IconPlus size={18} aria-hidden />}
      style={{ flexShrink: 0 }}
      data-testid="list-create"
    >
      {create.label}
    </Button>
  ) : null;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{title ?? (handle ? t(handle.titleKey) : '')}</Title>
        {actions ? (
          <Group gap="sm">
            {actions}
            {createButton}
          </Group>
        ) : (
          createButton
        )}
      </Group>
      {intro}
      {toolbar}
      <ListCreateContext value={create}>{children}</ListCreateContext>
    </Stack>
  );
}
