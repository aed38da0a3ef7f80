import { Anchor, Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../lib/api.ts';
import { QueryLoadError, type RetryableQuery } from './LoadError.tsx';

/** A failure that may pass on another try (the server or the network); not a record that is gone. */
function worthRetrying(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status >= 500 || error.status === 0;
}

/**
 * What a record page shows while its record loads, or when it could not be loaded: why (404…), a
 * way back to the list and, when trying again may help (a server error, no network), Retry.
 *
 *   const query = useQuery(clientQuery(id));
 *   if (!query.data) return <QueryState query={query} backHref="/clients" />;
 */
export function QueryState({ query, backHref }: { query: RetryableQuery; backHref: string }) {
  const { t } = useTranslation();
  const { error } = query;
  if (!error) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label={t('common.loading')} />
      </Center>
    );
  }
  return (
    <QueryLoadError
      query={query}
      retry={worthRetrying(error)}
      retryTestId="record-retry"
      maw={640}
      data-testid="record-error"
    >
      <Anchor component={Link} to={backHref} size="sm">
        {t('common.backToList')}
      </Anchor>
    </QueryLoadError>
  );
}
