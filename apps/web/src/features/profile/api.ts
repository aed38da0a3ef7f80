import type { Me, UpdateMe } from '@brigade/shared/auth';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { updateStoredUser } from '../../lib/auth.ts';

/** The signed-in person's own profile, with the new mobile waiting for its code. */
export const meQueryKey = ['me'] as const;

export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: () => call('GET /users/me') });
}

function useStoreMe() {
  const queryClient = useQueryClient();
  return (me: Me) => {
    queryClient.setQueryData(meQueryKey, me);
    // The header shows the name: it follows at once.
    updateStoredUser({ firstName: me.firstName, lastName: me.lastName });
  };
}

/** Saves names and mobile; a new mobile comes back as `pendingPhone` until its code is typed. */
export function useSaveProfile() {
  const store = useStoreMe();
  return useMutation({
    mutationFn: (changes: UpdateMe) => call('PUT /users/me', { body: changes }),
    meta: { inlineErrorCodes: ['PHONE_NOT_UNIQUE', 'VALIDATION_FAILED'] },
    onSuccess: store,
  });
}

/** The code sent by SMS to the new mobile, typed back. */
export function useConfirmPhone() {
  const store = useStoreMe();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => call('POST /users/me/phone-confirmation', { body: { code } }),
    meta: {
      inlineErrorCodes: [
        'PHONE_CODE_WRONG',
        'PHONE_CODE_EXPIRED',
        'PHONE_CODE_TOO_MANY_ATTEMPTS',
        'PHONE_NOT_UNIQUE',
        'VALIDATION_FAILED',
      ],
    },
    onSuccess: store,
    // A code refused for good (expired, too many tries, the number taken) drops the waiting number.
    onError: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
