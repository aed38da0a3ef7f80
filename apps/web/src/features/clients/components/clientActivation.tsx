import type { ClientDetail, ClientSupervisor } from '@brigade/shared/clients';
import { Checkbox, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../lib/confirm.tsx';
import { i18n } from '../../../lib/i18n.ts';

// Archiving a client archives its active supervisors and signs them out; reactivating it offers to
// bring back those its archive took (PUT /clients/:id `reactivateSupervisorIds`). The Archive and
// Reactivate buttons of its page and the Active switch of its form ask the same questions.

/** Asks before the form's switch archives the client: how many supervisors go with it, signed out. */
export function confirmClientArchive(client: ClientDetail): Promise<boolean> {
  return confirmAction({
    title: i18n.t('clients.archiveTitle', { name: client.name }),
    message: i18n.t('clients.activation.archiveMessage', {
      count: client.supervisors.filter((supervisor) => supervisor.active).length,
    }),
    confirmLabel: i18n.t('common.archive'),
    danger: true,
  });
}

function ReturningSupervisors({
  supervisors,
  onChange,
}: {
  supervisors: ClientSupervisor[];
  onChange: (ids: string[]) => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(() => supervisors.map((supervisor) => supervisor.id));
  return (
    <Checkbox.Group
      mt="md"
      label={t('clients.activation.supervisorsLabel')}
      value={chosen}
      onChange={(ids) => {
        setChosen(ids);
        onChange(ids);
      }}
      data-testid="returning-supervisors"
    >
      <Stack gap="xs" mt="xs">
        {supervisors.map((supervisor) => (
          <Checkbox
            key={supervisor.id}
            value={supervisor.id}
            label={`${supervisor.firstName} ${supervisor.lastName}`}
            description={supervisor.email ?? undefined}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

/**
 * Before the client is reactivated: which of the supervisors archived with it come back (all are
 * ticked; one left archived on purpose is unticked). Resolves to their ids, [] when there is no one
 * to ask about (no dialog then), or null when the admin cancels.
 */
export async function chooseReturningSupervisors(client: ClientDetail): Promise<string[] | null> {
  const candidates = client.supervisors.filter((supervisor) => supervisor.archivedWithClient);
  if (candidates.length === 0) return [];
  let chosen = candidates.map((supervisor) => supervisor.id);
  const confirmed = await confirmAction({
    title: i18n.t('clients.activation.reactivateTitle', { name: client.name }),
    message: i18n.t('clients.activation.reactivateMessage', { count: candidates.length }),
    content: (
      <ReturningSupervisors
        supervisors={candidates}
        onChange={(ids) => {
          chosen = ids;
        }}
      />
    ),
    confirmLabel: i18n.t('clients.reactivate'),
  });
  return confirmed ? chosen : null;
}

/**
 * What saving the edit form must ask first when its Active switch changed: the archive's warning, or
 * which supervisors come back. Resolves to what the PUT adds, or null when the admin cancels.
 */
export async function confirmActiveChange(
  client: ClientDetail,
  active: boolean,
): Promise<{ reactivateSupervisorIds?: string[] } | null> {
  if (client.active && !active) return (await confirmClientArchive(client)) ? {} : null;
  if (!client.active && active) {
    const ids = await chooseReturningSupervisors(client);
    return ids ? { reactivateSupervisorIds: ids } : null;
  }
  return {};
}

/** The toast once the client is back: with how many of its supervisors. */
export function reactivatedMessage(supervisorCount: number): string {
  return i18n.t('clients.activation.reactivated', { count: supervisorCount });
}
