import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconFilterOff, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ListStateApi } from '../lib/listState.ts';

export interface EmptyListAction {
  href: string;
  label: string;
}

/**
 * What an empty list says: with a search or filters on, "no result" and a way to clear them; with
 * none, that there is nothing yet, and the create button.
 */
export function EmptyState({ list, create }: { list: ListStateApi; create?: EmptyListAction }) {
  const { t } = useTranslation();
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
