import type { DeleteOutcome } from '@brigade/shared/list';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirmDeleteOrArchive } from './confirm.tsx';
import { useApiMutation } from './queries.ts';
import { toast } from './toast.tsx';

export interface DeleteRecordOptions {
  /** The DELETE call; it answers `{ outcome: 'deleted' | 'archived' }`. */
  mutationFn: () => Promise<DeleteOutcome>;
  /** The feature's key (e.g. ['clients']): its lists are refreshed afterwards. */
  featureKey: readonly unknown[];
  /** The record's id: its queries (`[...featureKey, id]`) are dropped once it is deleted for good. */
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
 *   const remove = useDeleteRecord({ mutationFn: () => deleteClient(id), featureKey: clientsKey, id,
 *     deletable: client.deletable, confirm: { title: …, message: … }, listHref: '/clients',
 *     deletedKey: 'clients.deleted', archivedKey: 'clients.archived' });
 *   <RecordActions onDelete={remove.confirm} deleting={remove.isPending} … />
 */
export function useDeleteRecord({
  mutationFn,
  featureKey,
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
      if (outcome === 'deleted') {
        toast.success(t(deletedKey));
        await navigate(listHref);
        queryClient.removeQueries({ queryKey: [...featureKey, id] });
      } else {
        toast.success(t(archivedKey));
      }
      await queryClient.invalidateQueries({ queryKey: featureKey });
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
