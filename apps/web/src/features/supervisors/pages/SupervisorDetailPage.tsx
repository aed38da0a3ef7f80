import type { SupervisorOrphanedSite, SupervisorSite } from '@brigade/shared';
import { Alert, Anchor, Badge, Button, Loader, Menu, Table, Text } from '@mantine/core';
import { IconChevronDown, IconMail, IconPencil, IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { DetailCard, DetailPage } from '../../../components/DetailPage.tsx';
import { formatPhone } from '../../../components/inputs.tsx';
import { confirmAction } from '../../../lib/confirm.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { useApiMutation } from '../../../lib/queries.ts';
import { toast } from '../../../lib/toast.tsx';
import {
  deleteSupervisor,
  orphanedSites,
  resendInvitation,
  supervisorDetailOptions,
  supervisorsKey,
} from '../api.ts';
import { OrphanedSitesAlert } from '../components/OrphanedSitesAlert.tsx';

const statusColor: Record<SupervisorSite['status'], string> = {
  active: 'green',
  upcoming: 'blue',
  inactive: 'gray',
};

/** A supervisor at a glance: contact, client, language, sites, invitation; edit, invite, archive/delete. */
export default function SupervisorDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const query = useQuery({ ...supervisorDetailOptions(id), meta: { silent: true } });
  const [conflict, setConflict] = useState<SupervisorOrphanedSite[] | null>(null);

  const remove = useApiMutation({
    mutationFn: () => deleteSupervisor(id),
    invalidate: [supervisorsKey],
    successKey: false,
    meta: { inlineErrorCodes: ['CONFLICT'] },
    onMutate: () => setConflict(null),
    onSuccess: ({ outcome }) => {
      toast.success(t(outcome === 'deleted' ? 'common.deleted' : 'common.archived'));
      if (outcome === 'deleted') navigate('/supervisor');
    },
    onError: (error) => {
      const sites = orphanedSites(error);
      if (sites) setConflict(sites);
      else toast.error(errorMessage(error));
    },
  });

  const invite = useApiMutation({
    mutationFn: (channel: 'email' | 'sms') => resendInvitation(id, channel),
    invalidate: [supervisorsKey],
    successKey: false,
    onSuccess: ({ channel }) => toast.success(t(`supervisors.invite.sent.${channel}`)),
  });

  if (query.isPending) return <Loader aria-label={t('common.loading')} />;
  if (query.isError) return <Alert color="red">{errorMessage(query.error)}</Alert>;
  const s = query.data;
  const name = `${s.firstName} ${s.lastName}`;

  const onRemove = async () => {
    const confirmed = await confirmAction({
      title: t(s.deletable ? 'supervisors.delete.title' : 'supervisors.archive.title'),
      message: t(s.deletable ? 'supervisors.delete.message' : 'supervisors.archive.message', { name }),
      confirmLabel: t(s.deletable ? 'common.delete' : 'common.archive'),
      danger: true,
    });
    if (confirmed) remove.mutate();
  };

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
      status={
        <Badge color={s.active ? 'green' : 'gray'} variant="dot">
          {s.active ? t('supervisors.status.active') : t('supervisors.status.archived')}
        </Badge>
      }
      actions={
        <>
          <Button
            component={Link}
            to={`/supervisor/edit/${s.id}`}
            leftSection={<IconPencil size={16} aria-hidden />}
          >
            {t('common.edit')}
          </Button>
          {s.active ? (
            <Menu position="bottom-end">
              <Menu.Target>
                <Button
                  variant="default"
                  loading={invite.isPending}
                  leftSection={<IconSend size={16} aria-hidden />}
                  rightSection={<IconChevronDown size={14} aria-hidden />}
                >
                  {t('supervisors.invite.resend')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconMail size={16} aria-hidden />} onClick={() => onInvite('email')}>
                  {t('supervisors.invite.byEmail')}
                </Menu.Item>
                <Menu.Item disabled={!s.phone} onClick={() => onInvite('sms')}>
                  {t('supervisors.invite.bySms')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          ) : null}
          {s.active || s.deletable ? (
            <Button color="red" variant="light" onClick={onRemove} loading={remove.isPending}>
              {t(s.deletable ? 'common.delete' : 'common.archive')}
            </Button>
          ) : null}
        </>
      }
    >
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
            value: s.email ? <Anchor href={`mailto:${s.email}`}>{s.email}</Anchor> : null,
          },
          {
            label: t('supervisors.fields.phone'),
            value: s.phone ? <Anchor href={`tel:${s.phone}`}>{formatPhone(s.phone)}</Anchor> : null,
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
            value: s.hasPassword ? t('supervisors.account.ready') : t('supervisors.account.invited'),
          },
          {
            label: t('supervisors.fields.lastInvitation'),
            value: s.lastInvitation
              ? t('supervisors.invite.summary', {
                  channel: t(`supervisors.invite.channel.${s.lastInvitation.channel}`),
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
          <Table.ScrollContainer minWidth={520}>
            <Table
              striped
              verticalSpacing={6}
              fz="sm"
              aria-label={t('supervisors.sections.sites', { count: s.sites.length })}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('supervisors.sites.name')}</Table.Th>
                  <Table.Th>{t('supervisors.sites.city')}</Table.Th>
                  <Table.Th>{t('supervisors.sites.dates')}</Table.Th>
                  <Table.Th>{t('supervisors.columns.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {s.sites.map((site) => (
                  <Table.Tr key={site.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/clients/${site.clientId}`} size="sm">
                        {site.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{site.city ?? t('common.empty')}</Table.Td>
                    <Table.Td>
                      {site.startDate || site.endDate
                        ? `${site.startDate ? formatDate(site.startDate) : '…'} – ${site.endDate ? formatDate(site.endDate) : '…'}`
                        : t('common.empty')}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={statusColor[site.status]} variant="dot">
                        {t(`supervisors.siteStatus.${site.status}`)}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </DetailCard>
    </DetailPage>
  );
}
