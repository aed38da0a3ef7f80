import { ErrorCode } from '@brigade/shared/errors';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  type UseMutationOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type Answer, ApiError, type CallInput } from './api.ts';
import { callWith, type EndpointQueryOptions, endpointQuery, type Input } from './endpointQuery.ts';
import { errorMessage } from './errors.ts';

export { callWith, endpointQuery };

import { changedBy, queryKeyOf, type ReadEndpoint, type Resource, type WriteEndpoint } from './queryKeys.ts';
import { toast } from './toast.tsx';
import { applyServerErrors, type FieldErrorTarget, formErrorCodes } from './useZodForm.ts';

/**
 * Query options for a paged list endpoint, from `useListState().params`. The previous page stays
 * on screen while the next one loads (`keepPreviousData`). The list shows its own load errors, with
 * Retry (`<DataTable>`), so no toast repeats them.
 *
 *   const query = useQuery(listQuery('GET /clients', list.params));
 */
export function listQuery<K extends ReadEndpoint>(
  key: K,
  params: Record<string, string | number | boolean | null | undefined>,
): EndpointQueryOptions<K> {
  return queryOptions({
    ...endpointQuery(key, { query: params } as Input<K>),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

/**
 * Query options for one record: `useQuery(detailQuery('GET /clients/:id', id))`.
 * Its page says itself why the record could not be loaded (`<QueryState>`), so no toast repeats it;
 * an id that is not even well-formed (a link cut short) is a record that does not exist.
 */
export function detailQuery<K extends ReadEndpoint>(key: K, id: string): EndpointQueryOptions<K> {
  const input = { params: { id } } as unknown as Input<K>;
  return queryOptions({
    queryKey: queryKeyOf(key, input),
    queryFn: async ({ signal }) => {
      try {
        return await callWith(key, { ...input, signal } as CallInput<K>);
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

/** The records this tab deleted (lib/deleteRecord.ts): nothing asks for them again. */
const deletedRecords = new Set<string>();

/** Called as the server answers that `id` is deleted, before its page is left. */
export function markDeleted(id: string): void {
  deletedRecords.add(id);
}

/** A query keyed `[resource, endpoint, { params: { id } }]` (lib/queryKeys.ts) of a deleted record. */
export function readsDeletedRecord(queryKey: readonly unknown[]): boolean {
  const input = queryKey[2] as { params?: { id?: unknown } } | null | undefined;
  return typeof input?.params?.id === 'string' && deletedRecords.has(input.params.id);
}

/**
 * Refreshes every query of these resources (keyed `[resource, …]`, lib/queryKeys.ts): what a write
 * changed, in the tab that made it (`useApiMutation`) and in every other admin's tab (the server's
 * `changed` event, app/layout/RealtimeBridge.tsx) alike. Never a record deleted here: its page can
 * still be on screen for a moment while the list it returns to draws, and the deletion's own
 * `changed` event, arriving then, refetched it (a 404, one run in three in the browser tests).
 */
export async function refreshResources(
  queryClient: QueryClient,
  resources: readonly Resource[],
): Promise<void> {
  await Promise.all(
    resources.map((resource) =>
      queryClient.invalidateQueries({
        queryKey: [resource],
        predicate: (query) => !readsDeletedRecord(query.queryKey),
      }),
    ),
  );
}

/** A write of the contract, ready for `useApiMutation`: the call, and the resources it changes. */
export interface Write<Data, Variables> {
  mutationFn: (variables: Variables) => Promise<Data>;
  changes: readonly Resource[];
}

/**
 * Describes a write endpoint for `useApiMutation`, which then refreshes what the write changes
 * (lib/queryKeys.ts `changedBy`):
 *
 *   export const updateSkill = (id: string) =>
 *     write('PUT /skills/:id', (body: SkillUpdate) => ({ params: { id }, body }));
 *   useApiMutation({ ...updateSkill(skill.id), form, onSuccess });
 */
export function write<K extends WriteEndpoint, Variables = void>(
  key: K,
  input: (variables: Variables) => CallInput<K>,
): Write<Answer<K>, Variables> {
  return { mutationFn: (variables) => callWith(key, input(variables)), changes: changedBy(key) };
}

/**
 * The save of a create/edit form: `update(id)` for a record that exists, `create` for a new one
 * (`id` undefined), each refreshing what it changes (an order's change also rewrites its workers'
 * texts, which its creation does not). Typed as either answer, which a bare `id ? … : …` is not.
 *
 *   useApiMutation({ ...createOrUpdate(createOrder, updateOrder, order?.id), form, onSuccess })
 */
export function createOrUpdate<Variables, Created, Updated>(
  create: Write<Created, Variables>,
  update: (id: string) => Write<Updated, Variables>,
  id: string | undefined,
): Write<Created | Updated, Variables> {
  return id ? update(id) : create;
}

export interface ApiMutationOptions<Data, Variables>
  extends Omit<UseMutationOptions<Data, Error, Variables>, 'mutationFn'> {
  mutationFn: (variables: Variables) => Promise<Data>;
  /** The resources whose queries are refreshed after success (a `write()` brings its own). */
  changes?: readonly Resource[];
  /** i18n key of the confirmation toast; `false` for none. Default: 'common.saved'. */
  successKey?: string | false;
  /**
   * A form: server field errors (400 VALIDATION_FAILED, 409 NAME_NOT_UNIQUE) go beside its fields,
   * and the form is saved once: a second submit while the first is on its way, or of the same
   * values just saved while the next page loads (a second Enter half a second later made a second
   * order), is dropped.
   */
  form?: FieldErrorTarget;
}

/**
 * A write call: on success it refreshes the queries of what it `changes` and shows the confirmation
 * toast; on error the usual error toast, or, with `form`, the field errors beside the fields.
 *
 *   const save = useApiMutation({ ...updateSkill(skill.id), form, onSuccess: () => navigate(…) });
 */
export function useApiMutation<Data = unknown, Variables = void>({
  mutationFn,
  changes = [],
  successKey = 'common.saved',
  form,
  meta,
  onSuccess,
  onError,
  ...options
}: ApiMutationOptions<Data, Variables>) {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  // Refs, set at once: a state would wait for the next render, after a second Enter of the same
  // moment. `saved` is what the last success saved: the same again (a second Enter while the page
  // that follows is loading) is not sent twice; anything changed is.
  const saving = useRef(false);
  const saved = useRef<string | undefined>(undefined);
  // Any write: the same call again while it is on its way (a double click on Approve, Send…) is
  // dropped, so one click gives one answer, never a red "already done" beside the green one.
  const inFlight = useRef(new Set<string>());
  const mutation = useMutation<Data, Error, Variables>({
    ...options,
    mutationFn,
    onSettled: (...args) => {
      saving.current = false;
      inFlight.current.delete(JSON.stringify(args[2] ?? null));
      return options.onSettled?.(...args);
    },
    meta: form ? { ...meta, inlineErrorCodes: [...(meta?.inlineErrorCodes ?? []), ...formErrorCodes] } : meta,
    onSuccess: async (...args) => {
      saved.current = JSON.stringify(args[1] ?? null);
      await refreshResources(queryClient, changes);
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
  const { mutate } = mutation;
  const mutateOnce = useCallback(
    (...args: Parameters<typeof mutate>) => {
      const key = JSON.stringify(args[0] ?? null);
      if (inFlight.current.has(key)) return;
      if (form) {
        if (saving.current || key === saved.current) return;
        saving.current = true;
      }
      inFlight.current.add(key);
      mutate(...args);
    },
    [mutate, form],
  ) as typeof mutate;
  return { ...mutation, mutate: mutateOnce };
}
