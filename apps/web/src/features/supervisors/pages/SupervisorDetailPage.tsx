import type { SupervisorDetail, SupervisorOrphanedSite, SupervisorSite } from '@brigade/shared';
import { formatPhone } from '@brigade/shared/format';
import { Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmailLink, PhoneLink } from '../../../components/ContactLink.tsx';
import { DetailCard, DetailPage } from '../../../components/DetailPage.tsx';
import {
  AnonymizedBadge,
  AnonymizedNotice,
  PersonalDataMenu,
} from '../../../components/PersonalDataMenu.tsx';
import { PersonPrivacyCard } from '../../../components/PersonPrivacyCard.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { RecordActions } from '../../../components/RecordActions.tsx';
import { RecordTable } from '../../../components/RecordTable.tsx';
import { ActiveBadge, SiteStatusBadge } from '../../../components/StatusBadge.tsx';
import { confirmAction } from '../../../lib/confirm.tsx';
import { useDeleteRecord } from '../../../lib/deleteRecord.ts';
import { formatDateRange, formatDateTime } from '../../../lib/format.ts';
import { useApiMutation } from '../../../lib/queries.ts';
import { toast } from '../../../lib/toast.tsx';
import {
  deleteSupervisor,
  orphanedSites,
  resendInvitation,
  supervisorDetailOptions,
  supervisorFields,
  updateSupervisor,
} from '../api.ts';
import { OrphanedSitesAlert } from '../components/OrphanedSitesAlert.tsx';

/** A supervisor at a glance: contact, client, language, sites, invitation; edit, invite, archive/delete. */
export default function SupervisorDetailPage() {
  const { id = '' } = useParams();
  const query = useQuery(supervisorDetailOptions(id));
  if (!query.data) return <QueryState query={query} backHref="/supervisor" />;
  return <SupervisorDetailView supervisor={query.data} />;
}

function SupervisorDetailView({ supervisor: s }: { supervisor: SupervisorDetail }) {
  const { t } = useTranslation();
  const [conflict, setConflict] = useState<SupervisorOrphanedSite[] | null>(null);
  const name = `${s.firstName} ${s.lastName}`;

  const remove = useDeleteRecord({
    ...deleteSupervisor(s.id),
    id: s.id,
    deletable: s.deletable,
    confirm: {
      title: t(s.deletable ? 'supervisors.delete.title' : 'supervisors.archive.title'),
      message: t(s.deletable ? 'supervisors.delete.message' : 'supervisors.archive.message', { name }),
    },
    listHref: '/supervisor',
    deletedKey: 'common.deleted',
    archivedKey: 'common.archived',
    inlineErrorCodes: ['CONFLICT'],
    onMutate: () => setConflict(null),
    onError: (error) => {
      const sites = orphanedSites(error);
      if (sites) setConflict(sites);
    },
  });
  const reactivate = useApiMutation({
    ...updateSupervisor(s.id),
    successKey: 'supervisors.reactivated',
  });
  const invite = useApiMutation({
    ...resendInvitation(s.id),
    successKey: false,
    onSuccess: ({ channel }) => toast.success(t(`supervisors.invite.sent.${channel}`)),
  });

  const onInvite = async (channel: 'email' | 'sms') => {
    const to = channel === 'sms' ? formatPhone(s.phone ?? '') : (s.email ?? '');
    const confirmed = await confirmAction({
      title: t('supervisors.invite.confirmTitle'),
      message: t(`supervisors.invite.confirm.${channel}`, { name, to }),
      confirmLabel: t('supervisors.invite.send'),
    });
    if (confirmed) invite.mutate(channel);
  };

  return (
    <DetailPage
      title={name}
      backHref="/supervisor"
      status={s.anonymizedAt ? <AnonymizedBadge /> : <ActiveBadge active={s.active} />}
      actions={
        s.anonymizedAt ? null : (
          <>
            <RecordActions
              editHref={`/supervisor/edit/${s.id}`}
              active={s.active}
              deletable={s.deletable}
              // Alone on live sites: say so, with the way to fix it, instead of asking to confirm.
              onDelete={
                s.soleSupervisorOf.length > 0 ? () => setConflict(s.soleSupervisorOf) : remove.confirm
              }
              deleting={remove.isPending}
              onReactivate={() => reactivate.mutate({ ...supervisorFields(s), active: true })}
              reactivating={reactivate.isPending}
              reactivateLabel={t('supervisors.reactivate')}
              testIdPrefix="supervisor"
              invitation={
                s.active
                  ? {
                      label: t('supervisors.invite.resend'),
                      loading: invite.isPending,
                      onPick: onInvite,
                      channels: [
                        { channel: 'email', label: t('supervisors.invite.byEmail') },
                        { channel: 'sms', label: t('supervisors.invite.bySms'), disabled: !s.phone },
                      ],
                    }
                  : null
              }
            />
            <PersonalDataMenu kind="supervisors" id={s.id} name={name} hasFiles={false} />
          </>
        )
      }
    >
      {s.anonymizedAt ? <AnonymizedNotice at={s.anonymizedAt} keepsHours={false} /> : null}
      {conflict ? (
        <div style={{ gridColumn: '1 / -1' }}>
          <OrphanedSitesAlert sites={conflict} onClose={() => setConflict(null)} />
        </div>
      ) : null}
      <DetailCard
        title={t('supervisors.sections.contact')}
        rows={[
          {
            label: t('supervisors.fields.email'),
            value: s.email ? <EmailLink email={s.email} /> : null,
          },
          {
            label: t('supervisors.fields.phone'),
            value: s.phone ? <PhoneLink phone={s.phone} /> : null,
          },
          { label: t('form.language'), value: t(`languages.${s.language}`) },
        ]}
      />
      <DetailCard
        title={t('supervisors.sections.work')}
        rows={[
          {
            label: t('supervisors.fields.client'),
            value: s.client ? (
              <Anchor component={Link} to={`/clients/${s.client.id}`}>
                {s.client.name}
              </Anchor>
            ) : null,
          },
          {
            label: t('supervisors.fields.account'),
            value: t(s.hasPassword ? 'account.ready' : 'account.invited'),
          },
          {
            label: t('supervisors.fields.lastInvitation'),
            value: s.lastInvitation
              ? t('supervisors.invite.summary', {
                  channel: t(`channels.${s.lastInvitation.channel}`),
                  at: formatDateTime(s.lastInvitation.at),
                  status: t(`supervisors.invite.status.${s.lastInvitation.status}`),
                })
              : null,
          },
        ]}
      />
      <DetailCard
        title={t('supervisors.sections.sites', { count: s.sites.length })}
        style={{ gridColumn: '1 / -1' }}
      >
        {s.sites.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('supervisors.noSites')}
          </Text>
        ) : (
          <RecordTable<SupervisorSite>
            label={t('supervisors.sections.sites', { count: s.sites.length })}
            records={s.sites}
            rowKey={(site) => site.id}
            columns={[
              {
                accessor: 'name',
                title: t('supervisors.sites.name'),
                render: (site) => (
                  <Anchor component={Link} to={`/clients/${site.clientId}`} size="sm" fw={600}>
                    {site.name}
                  </Anchor>
                ),
              },
              {
                accessor: 'city',
                title: t('supervisors.sites.city'),
                render: (site) => site.city ?? t('common.empty'),
              },
              {
                accessor: 'dates',
                title: t('supervisors.sites.dates'),
                noWrap: true,
                render: (site) => formatDateRange(site.startDate, site.endDate) || t('common.empty'),
              },
              {
                accessor: 'status',
                title: t('supervisors.columns.status'),
                render: (site) => <SiteStatusBadge status={site.status} />,
              },
            ]}
          />
        )}
      </DetailCard>
      <PersonPrivacyCard kind="supervisors" id={s.id} />
    </DetailPage>
  );
}
