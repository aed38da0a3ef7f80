import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';
import { getToken, jwtClaims, subscribeToAuth } from './auth.ts';
import { errorMessage } from './errors.ts';
import { forgetPersonalAnswers } from './personalCache.ts';
import { toast } from './toast.tsx';

export interface AppQueryMeta extends Record<string, unknown> {
  /** Never show the global error toast (the screen shows the error itself, or it is background work). */
  silent?: boolean;
  /** Error codes the screen shows inline; other errors still get the toast. */
  inlineErrorCodes?: readonly string[];
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppQueryMeta;
    mutationMeta: AppQueryMeta;
  }
}

function reportError(error: unknown, meta: AppQueryMeta | undefined) {
  if (meta?.silent) return;
  if (error instanceof ApiError && error.code && meta?.inlineErrorCodes?.includes(error.code)) return;
  toast.error(errorMessage(error));
}

const isClientError = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => reportError(error, query.meta) }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => reportError(error, mutation.meta),
  }),
  defaultOptions: {
    // Requests go out even when the browser says it is offline, so the user gets the
    // 'no connection' message at once instead of a button that spins until the signal returns.
    queries: {
      networkMode: 'always',
      staleTime: 30_000,
      retry: (failureCount, error) => !isClientError(error) && failureCount < 2,
    },
    mutations: { retry: false, networkMode: 'always' },
  },
});

/**
 * Cached data belongs to the session that fetched it. Whenever the session changes hands (a sign-in,
 * a logout, a 401 from the server, an expired token, another tab signing in or out), the cache is
 * emptied so the next user of this tab never sees the previous one's data. A renewed sign-in
 * (lib/sessionRenewal.ts) is the same session under a new token: its data stays. The answers the
 * service worker kept for opening without network go the same way.
 */
const sessionOf = (token: string | null) => (token ? (jwtClaims(token).sid ?? token) : null);
let cacheOwner = sessionOf(getToken());
subscribeToAuth(() => {
  const owner = sessionOf(getToken());
  if (owner === cacheOwner) return;
  cacheOwner = owner;
  queryClient.clear();
  forgetPersonalAnswers();
});
