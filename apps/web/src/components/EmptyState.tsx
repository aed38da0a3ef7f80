import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconFilterOff, IconPlus } from '@tabler/icons-react';
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ListStateApi } from '../lib/listState.ts';

/** A list's create call-to-action: its route and its label ("Nouveau client"). */
export interface EmptyListAction {
  href: string;
  label: string;
}

/** The create action of the list screen around (given once to ListPage). */
export const ListCreateContext = createContext<EmptyListAction | undefined>(undefined);

/**
 * What an empty list says: with a search or filters on, "no result" and a way to clear them; with
 * none, that there is nothing yet, and the list screen's create button.
 */
export function EmptyState({ list }: { list: ListStateApi }) {
  const { t } = useTranslation();
  const create = useContext(ListCreateContext);
  return (
    <Paper withBorder radius="sm" p="xl" data-testid="list-empty">
      <Stack align="center" gap="sm">
        <Text fw={600}>{t(list.isFiltered ? 'list.noResults' : 'list.nothingYet')}</Text>
        {list.isFiltered ? (
          <>
            <Text size="sm" c="dimmed" ta="center">
              {t('list.noResultsHelp')}
            </Text>
            <Button
              variant="default"
              leftSection={<IconFilterOff size={16} aria-hidden />}
              onClick={list.reset}
              data-testid="list-reset"
            >
              {t('list.resetFilters')}
            </Button>
          </>
        ) : create ? (
          <Group>
            <Button component={Link} to={create.href} leftSection={<IconPlus size={16} aria-hidden />}>
              {create.label}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
