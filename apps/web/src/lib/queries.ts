import { ErrorCode } from '@brigade/shared/errors';
import type { Page } from '@brigade/shared/list';
import {
  keepPreviousData,
  type QueryKey,
  queryOptions,
  type UseMutationOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from './api.ts';
import { errorMessage } from './errors.ts';
import { toast } from './toast.tsx';
import { applyServerErrors, type FieldErrorTarget, formErrorCodes } from './useZodForm.ts';

/**
 * Query options for a paged list endpoint, from `useListState().params`. The previous page stays
 * on screen while the next one loads (`keepPreviousData`).
 *
 *   const query = useQuery(listQueryOptions<ClientRow>(['clients'], '/clients', list.params));
 *
 * The key is `[...key, 'list', params]`, so invalidating `key` (e.g. ['clients']) refreshes every
 * page, filter and search of that list, and the detail queries under the same prefix.
 */
export function listQueryOptions<Item>(
  key: readonly unknown[],
  path: string,
  params: Record<string, string | number | boolean | null | undefined>,
) {
  return queryOptions({
    queryKey: [...key, 'list', params] as const,
    queryFn: ({ signal }) => api.get<Page<Item>>(path, { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Query options for one record: `useQuery(detailQueryOptions<Client>(['clients', id], `/clients/${id}`))`.
 * Its page says itself why the record could not be loaded (`<QueryState>`), so no toast repeats it;
 * an id that is not even well-formed (a link cut short) is a record that does not exist.
 */
export function detailQueryOptions<Item>(key: readonly unknown[], path: string) {
  return queryOptions({
    queryKey: [...key, 'detail'] as const,
    queryFn: async ({ signal }) => {
      try {
        return await api.get<Item>(path, { signal });
      } catch (error) {
        if (error instanceof ApiError && error.code === ErrorCode.VALIDATION_FAILED) {
          throw new ApiError(404, { code: ErrorCode.NOT_FOUND, message: error.message });
        }
        throw error;
      }
    },
    meta: { silent: true },
  });
}

export interface ApiMutationOptions<Data, Variables>
  extends Omit<UseMutationOptions<Data, Error, Variables>, 'mutationFn'> {
  mutationFn: (variables: Variables) => Promise<Data>;
  /** Query keys (prefixes) refreshed after success, e.g. `[['clients']]`. */
  invalidate?: readonly QueryKey[];
  /** i18n key of the confirmation toast; `false` for none. Default: 'common.saved'. */
  successKey?: string | false;
  /** A form: server field errors (400 VALIDATION_FAILED, 409 NAME_NOT_UNIQUE) go beside its fields. */
  form?: FieldErrorTarget;
}

/**
 * A write call: on success it refreshes `invalidate` and shows the confirmation toast; on error the
 * usual error toast, or, with `form`, the field errors beside the fields.
 *
 *   const remove = useApiMutation({ mutationFn: () => api.delete(`/clients/${id}`),
 *     invalidate: [['clients']], successKey: 'common.deleted', onSuccess: () => navigate('/clients') });
 */
export function useApiMutation<Data = unknown, Variables = void>({
  mutationFn,
  invalidate = [],
  successKey = 'common.saved',
  form,
  meta,
  onSuccess,
  onError,
  ...options
}: ApiMutationOptions<Data, Variables>) {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation<Data, Error, Variables>({
    ...options,
    mutationFn,
    meta: form ? { ...meta, inlineErrorCodes: [...(meta?.inlineErrorCodes ?? []), ...formErrorCodes] } : meta,
    onSuccess: async (...args) => {
      await Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      if (successKey) toast.success(t(successKey));
      await onSuccess?.(...args);
    },
    onError: (error, ...rest) => {
      // The codes a form shows inline skip the global toast; one it could not place still gets it.
      if (
        form &&
        !applyServerErrors(form, error) &&
        formErrorCodes.includes((error as { code?: string }).code ?? '')
      ) {
        toast.error(errorMessage(error));
      }
      return onError?.(error, ...rest);
    },
  });
}
