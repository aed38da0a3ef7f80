import { Alert, type AlertProps, Button, Group } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/errors.ts';

/** A query that may have failed and can be asked again (what TanStack's `useQuery` returns). */
export interface RetryableQuery {
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/** Data that could not be loaded: a red alert (so it is announced) with the warning sign. */
export function ErrorAlert({
  children,
  ...props
}: AlertProps & { children: ReactNode; 'data-testid': string }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} {...props}>
      {children}
    </Alert>
  );
}

/** "Réessayer": asks for the data again; spins while `loading`. */
export function RetryButton({
  onRetry,
  loading,
  'data-testid': testId,
}: {
  onRetry: () => void;
  loading?: boolean;
  'data-testid'?: string;
}) {
  const { t } = useTranslation();
  return (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconRefresh size={16} aria-hidden />}
      loading={loading}
      onClick={onRetry}
      data-testid={testId}
    >
      {t('common.retry')}
    </Button>
  );
}

/**
 * A query that failed: why, then Retry (unless trying again cannot help) and any other way out
 * (`children`, e.g. back to the list).
 */
export function QueryLoadError({
  query,
  retry = true,
  retryTestId,
  children,
  ...props
}: Omit<AlertProps, 'children'> & {
  query: RetryableQuery;
  retry?: boolean;
  retryTestId?: string;
  children?: ReactNode;
  'data-testid': string;
}) {
  return (
    <ErrorAlert {...props}>
      {errorMessage(query.error)}
      <Group gap="md" mt="sm">
        {retry ? (
          <RetryButton loading={query.isFetching} onRetry={() => query.refetch()} data-testid={retryTestId} />
        ) : null}
        {children}
      </Group>
    </ErrorAlert>
  );
}
