import { Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** What a page needs of its query (TanStack's `useQuery` with `placeholderData: keepPreviousData`). */
interface KeptQuery<T> {
  data: T | undefined;
  error: unknown;
  isPlaceholderData: boolean;
}

/**
 * A page showing one query's answer for what the user picks beside the title (a week, a window of
 * days). The page keeps the previous answer on screen while the next one loads (`placeholderData:
 * keepPreviousData`), dimmed and busy unless `dimPrevious` is false; before the first answer it
 * shows `loading` (placeholder shapes), or `error` when the query failed.
 */
export function QueryPage<T>({
  title,
  picker,
  query,
  error,
  loading,
  dimPrevious = true,
  children,
}: {
  title: string;
  picker: ReactNode;
  query: KeptQuery<T>;
  error: ReactNode;
  loading: ReactNode;
  dimPrevious?: boolean;
  children: (data: T) => ReactNode;
}) {
  const { data } = query;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{title}</Title>
        {picker}
      </Group>
      {data === undefined ? (
        query.error ? (
          error
        ) : (
          loading
        )
      ) : dimPrevious ? (
        <Stack
          gap="sm"
          style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
          aria-busy={query.isPlaceholderData}
        >
          {children(data)}
        </Stack>
      ) : (
        children(data)
      )}
    </Stack>
  );
}
