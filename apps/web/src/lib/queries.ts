import { ErrorCode } from '@brigade/shared/errors';
import type { DeleteOutcome, Page } from '@brigade/shared/list';
import {
  keepPreviousData,
  type QueryKey,
  queryOptions,
  type UseMutationOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
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

export interface DeleteRecordOptions<Variables> {
  mutationFn: (variables: Variables) => Promise<DeleteOutcome>;
  /** The feature's key (e.g. ['clients']): its lists are refreshed afterwards. */
  featureKey: readonly unknown[];
  /** The deleted record's queries (e.g. ['clients', id]), dropped once deleted for good. */
  recordKey: readonly unknown[];
  /** Where to go once the record is deleted for good (its list). */
  listHref: string;
  /** i18n keys of the toasts: deleted for good / archived. */
  deletedKey: string;
  archivedKey: string;
  /** Error codes the page shows itself (no toast), e.g. ['CONFLICT']. */
  inlineErrorCodes?: readonly string[];
  onMutate?: () => void;
  onError?: (error: Error) => void;
}

/**
 * The Delete/Archive button's call (DELETE answers `{ outcome: 'deleted' | 'archived' }`). Deleted:
 * leave the record's page first, then drop its queries and refresh the lists, so that nothing
 * refetches the gone record (a 404 toast right after "deleted"). Archived: refresh and stay.
 *
 *   const remove = useDeleteRecord({ mutationFn: () => deleteClient(id), featureKey: clientsKey,
 *     recordKey: [...clientsKey, id], listHref: '/clients', deletedKey: 'clients.deleted', archivedKey: 'clients.archived' });
 */
export function useDeleteRecord<Variables = void>({
  mutationFn,
  featureKey,
  recordKey,
  listHref,
  deletedKey,
  archivedKey,
  inlineErrorCodes,
  onMutate,
  onError,
}: DeleteRecordOptions<Variables>) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation();
  return useApiMutation<DeleteOutcome, Variables>({
    mutationFn,
    successKey: false,
    meta: inlineErrorCodes ? { inlineErrorCodes } : undefined,
    onMutate: () => onMutate?.(),
    onSuccess: async ({ outcome }) => {
      if (outcome === 'deleted') {
        toast.success(t(deletedKey));
        await navigate(listHref);
        queryClient.removeQueries({ queryKey: recordKey });
      } else {
        toast.success(t(archivedKey));
      }
      await queryClient.invalidateQueries({ queryKey: featureKey });
    },
    onError: (error) => onError?.(error),
  });
}
