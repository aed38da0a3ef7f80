import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { queryKeyOf } from '../../lib/queryKeys.ts';

// Apart from api.ts: the login page, which imports that, then loads no query code.

/**
 * Whether a reset or invitation link can still set a password, and which kind it is: asked when its
 * page opens, so that a used or expired link says so before anything is typed. Once; an error
 * (offline, too many tries) leaves the form to find out.
 */
export function useResetLinkStatus(linkToken: string) {
  return useQuery({
    queryKey: queryKeyOf('GET /forgot-password/status', { token: linkToken }),
    queryFn: ({ signal }) => call('GET /forgot-password/status', { public: true, token: linkToken, signal }),
    retry: false,
    // Asked again whenever the page opens again (Back after setting the password): never from memory.
    gcTime: 0,
    meta: { silent: true },
  });
}
