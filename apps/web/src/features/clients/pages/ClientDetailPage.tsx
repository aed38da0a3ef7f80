import type { ClientDetail, SiteDetail } from '@brigade/shared/clients';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { DetailCard, DetailPage } from '../../../components/DetailPage.tsx';
import { formatPhone } from '../../../components/inputs.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { RecordActions } from '../../../components/RecordActions.tsx';
import { confirmAction, dangerColor } from '../../../lib/confirm.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useApiMutation } from '../../../lib/queries.ts';
import { toast } from '../../../lib/toast.tsx';
import { clientQuery, clientsKey, deleteClient, deleteSite, updateClient } from '../api.ts';
import { SiteFormModal } from '../components/SiteFormModal.tsx';
import { ClientStatusBadge, SiteStatusBadge } from '../components/StatusBadge.tsx';

/** A client at a glance: contact, address, notes, its sites (with their status) and supervisors. */
export default function ClientDetailPage() {
  const { id = '' } = useParams();
  const query = useQuery(clientQuery(id));
  if (!query.data) return <QueryState error={query.error} backHref="/clients" />;
  return <ClientDetailView client={query.data} />;
}

function ClientDetailView({ client }: { client: ClientDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [siteForm, setSiteForm] = useState<{ site?: SiteDetail } | null>(null);

  const remove = useApiMutation({
    mutationFn: () => deleteClient(client.id),
    invalidate: [clientsKey],
    successKey: false,
    onSuccess: ({ outcome }) => {
      toast.success(t(outcome === 'deleted' ? 'clients.deleted' : 'clients.archived'));
      if (outcome === 'deleted') navigate('/clients');
    },
  });
  const reactivate = useApiMutation({
    mutationFn: () => {
      const { id, sites, supervisors, deletable, createdAt, updatedAt, ...fields } = client;
      return updateClient(id, { ...fields, active: true });
    },
    invalidate: [clientsKey],
    successKey: 'clients.reactivated',
  });
  const removeSite = useApiMutation({
    mutationFn: (site: SiteDetail) => deleteSite(site.id),
    invalidate: [clientsKey, ['sites']],
    successKey: false,
    onSuccess: ({ outcome }) =>
      toast.success(t(outcome === 'deleted' ? 'clients.site.deleted' : 'clients.site.archivedToast')),
  });

  const onDelete = async () => {
    const ok = await confirmAction({
      title: t(client.deletable ? 'clients.deleteTitle' : 'clients.archiveTitle', { name: client.name }),
      message: t(client.deletable ? 'clients.deleteMessage' : 'clients.archiveMessage'),
      confirmLabel: t(client.deletable ? 'common.delete' : 'common.archive'),
      danger: true,
    });
    if (ok) remove.mutate();
  };
  const onDeleteSite = async (site: SiteDetail) => {
    const ok = await confirmAction({
      title: t('clients.site.deleteTitle', { name: site.name }),
      message: t('clients.site.deleteMessage'),
      confirmLabel: t('common.delete'),
      danger: true,
    });
    if (ok) removeSite.mutate(site);
  };

  const address = [
    client.street,
    [client.city, client.province].filter(Boolean).join(', '),
    client.postalCode,
  ]
    .filter(Boolean)
    .join('\n');

  return (
    <>
      <DetailPage
        title={client.name}
        backHref="/clients"
        status={<ClientStatusBadge active={client.active} />}
        actions={
          <RecordActions
            editHref={`/clients/edit/${client.id}`}
            active={client.active}
            deletable={client.deletable}
            onDelete={onDelete}
            deleting={remove.isPending}
            onReactivate={() => reactivate.mutate()}
            reactivating={reactivate.isPending}
            reactivateLabel={t('clients.reactivate')}
            testIdPrefix="client"
          />
        }
      >
        <DetailCard
          title={t('clients.contact')}
          rows={[
            {
              label: t('clients.phone'),
              value: client.phone ? (
                <Anchor href={`tel:${client.phone}`}>{formatPhone(client.phone)}</Anchor>
              ) : null,
            },
            {
              label: t('clients.email'),
              value: client.email ? <Anchor href={`mailto:${client.email}`}>{client.email}</Anchor> : null,
            },
            { label: t('clients.language'), value: t(`languages.${client.language}`) },
          ]}
        />
        <DetailCard
          title={t('clients.address')}
          rows={[
            {
              label: t('clients.address'),
              value: address ? <span style={{ whiteSpace: 'pre-line' }}>{address}</span> : null,
            },
            { label: t('clients.province'), value: t(`provinces.${client.province}`) },
          ]}
        />
        <DetailCard title={t('clients.notes')}>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }} c={client.notes ? undefined : 'dimmed'}>
            {client.notes ?? t('common.empty')}
          </Text>
        </DetailCard>
        <DetailCard title={t('clients.supervisors')}>
          {client.supervisors.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('clients.noSupervisors')}
            </Text>
          ) : (
            <List listStyleType="none" spacing={6} size="sm" data-testid="client-supervisors">
              {client.supervisors.map((supervisor) => (
                <List.Item key={supervisor.id}>
                  <Group gap="xs" wrap="wrap">
                    <Anchor component={Link} to={`/supervisor/${supervisor.id}`} size="sm" fw={600}>
                      {supervisor.firstName} {supervisor.lastName}
                    </Anchor>
                    {supervisor.phone ? (
                      <Anchor href={`tel:${supervisor.phone}`} size="sm">
                        {formatPhone(supervisor.phone)}
                      </Anchor>
                    ) : null}
                    {supervisor.email ? (
                      <Anchor href={`mailto:${supervisor.email}`} size="sm">
                        {supervisor.email}
                      </Anchor>
                    ) : null}
                    {supervisor.active ? null : <ClientStatusBadge active={false} />}
                  </Group>
                </List.Item>
              ))}
            </List>
          )}
        </DetailCard>
        <DetailCard
          title={t('clients.sitesTitle', { count: client.sites.length })}
          style={{ gridColumn: '1 / -1' }}
        >
          <Stack gap="sm">
            <Group justify="flex-end">
              <Button
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => setSiteForm({})}
                data-testid="site-new"
              >
                {t('clients.site.new')}
              </Button>
            </Group>
            {client.sites.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('clients.noSites')}
              </Text>
            ) : (
              <SitesTable
                sites={client.sites}
                onEdit={(site) => setSiteForm({ site })}
                onDelete={onDeleteSite}
              />
            )}
          </Stack>
        </DetailCard>
      </DetailPage>
      <SiteFormModal
        client={client}
        site={siteForm?.site}
        opened={siteForm !== null}
        onClose={() => setSiteForm(null)}
      />
    </>
  );
}

function SitesTable({
  sites,
  onEdit,
  onDelete,
}: {
  sites: SiteDetail[];
  onEdit: (site: SiteDetail) => void;
  onDelete: (site: SiteDetail) => void;
}) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table
        striped
        highlightOnHover
        verticalSpacing={6}
        fz="sm"
        aria-label={t('clients.sitesTitle', { count: sites.length })}
        data-testid="client-sites"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('clients.site.site')}</Table.Th>
            <Table.Th>{t('clients.site.status')}</Table.Th>
            <Table.Th>{t('clients.site.po')}</Table.Th>
            <Table.Th>{t('clients.site.jobNumber')}</Table.Th>
            <Table.Th>{t('clients.site.type')}</Table.Th>
            <Table.Th>{t('clients.site.dates')}</Table.Th>
            <Table.Th>{t('clients.site.supervisors')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sites.map((site) => (
            <Table.Tr key={site.id} data-testid="site-row">
              <Table.Td>
                <Text size="sm" fw={600}>
                  {site.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {[site.street, site.city].filter(Boolean).join(', ')}
                </Text>
              </Table.Td>
              <Table.Td>
                <SiteStatusBadge status={site.status} />
              </Table.Td>
              <Table.Td>{site.po ?? t('common.empty')}</Table.Td>
              <Table.Td>{site.jobNumber ?? t('common.empty')}</Table.Td>
              <Table.Td>
                <Badge
                  variant="outline"
                  color="gray"
                  radius="sm"
                  tt="none"
                  miw="max-content"
                  styles={{ label: { color: 'var(--mantine-color-gray-9)' } }}
                >
                  {t(`clients.site.types.${site.type}`)}
                </Badge>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {site.startDate ? formatDate(site.startDate) : t('common.empty')} →{' '}
                {site.endDate ? formatDate(site.endDate) : t('common.empty')}
              </Table.Td>
              <Table.Td>
                {site.supervisors.map((s) => (
                  <Anchor key={s.id} component={Link} to={`/supervisor/${s.id}`} size="sm" display="block">
                    {s.firstName} {s.lastName}
                  </Anchor>
                ))}
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap" justify="flex-end">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    onClick={() => onEdit(site)}
                    aria-label={t('clients.site.edit', { name: site.name })}
                    data-testid="site-edit"
                  >
                    <IconPencil size={18} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color={dangerColor}
                    onClick={() => onDelete(site)}
                    aria-label={t('clients.site.delete', { name: site.name })}
                    data-testid="site-delete"
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
