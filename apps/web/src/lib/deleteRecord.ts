import type { DeleteOutcome } from '@brigade/shared/list';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirmDeleteOrArchive } from './confirm.tsx';
import { markDeleted, readsDeletedRecord, refreshResources, useApiMutation, type Write } from './queries.ts';
import { toast } from './toast.tsx';

export interface DeleteRecordOptions extends Write<DeleteOutcome, void> {
  /** The record's id: its queries are dropped once it is deleted for good. */
  id: string;
  /** Nothing refers to the record: DELETE deletes it (else archives it); the confirm button says which. */
  deletable: boolean;
  /** The confirmation's title and message. */
  confirm: { title: ReactNode; message?: ReactNode };
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
 * The Delete/Archive button of a record's page: `confirm()` asks (red "Supprimer" or "Archiver"),
 * then calls DELETE. Deleted: leave the record's page first, then drop its queries and refresh the
 * lists, so that nothing refetches the gone record (a 404 toast right after "deleted"). Archived:
 * refresh and stay.
 *
 *   const remove = useDeleteRecord({ ...deleteClient(id), id,
 *     deletable: client.deletable, confirm: { title: …, message: … }, listHref: '/clients',
 *     deletedKey: 'clients.deleted', archivedKey: 'clients.archived' });
 *   <RecordActions onDelete={remove.confirm} deleting={remove.isPending} … />
 */
export function useDeleteRecord({
  mutationFn,
  changes,
  id,
  deletable,
  confirm,
  listHref,
  deletedKey,
  archivedKey,
  inlineErrorCodes,
  onMutate,
  onError,
}: DeleteRecordOptions) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const mutation = useApiMutation<DeleteOutcome>({
    mutationFn,
    successKey: false,
    meta: inlineErrorCodes ? { inlineErrorCodes } : undefined,
    onMutate: () => onMutate?.(),
    onSuccess: async ({ outcome }) => {
      const deleted = outcome === 'deleted';
      if (deleted) {
        markDeleted(id);
        toast.success(t(deletedKey));
        await navigate(listHref);
        // The record's own queries (its page and its cards: an employee's absences…) would only
        // answer 404 now: dropped, and never refetched. One still watched by the page on its way
        // out is left to go with it (removing it under its observer would fetch it again).
        queryClient.removeQueries({
          predicate: (query) => readsDeletedRecord(query.queryKey) && query.getObserversCount() === 0,
        });
      } else {
        toast.success(t(archivedKey));
      }
      await refreshResources(queryClient, changes);
    },
    onError: (error) => onError?.(error),
  });
  return {
    confirm: async () => {
      if (await confirmDeleteOrArchive({ deletable, ...confirm })) mutation.mutate();
    },
    isPending: mutation.isPending,
  };
}
