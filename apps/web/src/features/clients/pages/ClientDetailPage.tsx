import type { ClientDetail, SiteDetail } from '@brigade/shared/clients';
import { Anchor, Button, Center, Group, List, Loader, Stack, Text } from '@mantine/core';
import { IconPlus, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { EmailLink, PhoneLink } from '../../../components/ContactLink.tsx';
import { DetailCard, DetailPage } from '../../../components/DetailPage.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { RecordActions } from '../../../components/RecordActions.tsx';
import { ActiveBadge } from '../../../components/StatusBadge.tsx';
import { confirmDeleteOrArchive } from '../../../lib/confirm.tsx';
import { useDeleteRecord } from '../../../lib/deleteRecord.ts';
import { useApiMutation } from '../../../lib/queries.ts';
import { toast } from '../../../lib/toast.tsx';
import { clientFields, clientQuery, deleteClient, deleteSite, updateClient } from '../api.ts';
import { ClientSitesTable } from '../components/ClientSitesTable.tsx';
import { chooseReturningSupervisors, reactivatedMessage } from '../components/clientActivation.tsx';
import { SiteFormModal } from '../components/SiteFormModal.tsx';

const ClientSitesMap = lazy(() => import('../components/ClientSitesMap.tsx'));

/** A client at a glance: contact, notes, supervisors, a map and the table of its sites. */
export default function ClientDetailPage() {
  const { id = '' } = useParams();
  const query = useQuery(clientQuery(id));
  if (!query.data) return <QueryState query={query} backHref="/clients" />;
  return <ClientDetailView client={query.data} />;
}

/**
 * The site dialog lives in the address (`?site=new`, `?site=<id>`): Back closes it like any other
 * way out, and its unsaved-changes guard sees every one of them (see SiteFormModal).
 */
function useSiteDialog(client: ClientDetail) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const param = searchParams.get('site');
  const site = param && param !== 'new' ? client.sites.find((s) => s.id === param) : undefined;
  const opened = param === 'new' || site !== undefined;
  const open = (siteId: string) =>
    navigate({ search: `?site=${siteId}` }, { state: { siteDialog: true }, preventScrollReset: true });
  // Opened from this page: step back (Forward reopens it); opened from a link: drop the parameter.
  const close = () => {
    if ((location.state as { siteDialog?: boolean } | null)?.siteDialog) navigate(-1);
    else navigate({ search: '' }, { replace: true, preventScrollReset: true });
  };
  return { opened, site, open, close };
}

function ClientDetailView({ client }: { client: ClientDetail }) {
  const { t } = useTranslation();
  const siteDialog = useSiteDialog(client);

  const remove = useDeleteRecord({
    ...deleteClient(client.id),
    id: client.id,
    deletable: client.deletable,
    confirm: {
      title: t(client.deletable ? 'clients.deleteTitle' : 'clients.archiveTitle', { name: client.name }),
      message: client.deletable
        ? t('clients.deleteMessage')
        : t('clients.archiveMessage', { count: client.supervisors.filter((s) => s.active).length }),
    },
    listHref: '/clients',
    deletedKey: 'clients.deleted',
    archivedKey: 'clients.archived',
  });
  const reactivate = useApiMutation({
    ...updateClient(client.id),
    successKey: false,
    onSuccess: (_, body) => toast.success(reactivatedMessage(body.reactivateSupervisorIds?.length ?? 0)),
  });
  const onReactivate = async () => {
    const reactivateSupervisorIds = await chooseReturningSupervisors(client);
    if (reactivateSupervisorIds) {
      reactivate.mutate({ ...clientFields(client), active: true, reactivateSupervisorIds });
    }
  };
  const removeSite = useApiMutation({
    ...deleteSite,
    successKey: false,
    onSuccess: ({ outcome }) =>
      toast.success(t(outcome === 'deleted' ? 'clients.site.deleted' : 'clients.site.archivedToast')),
  });

  const onDeleteSite = async (site: SiteDetail) => {
    const ok = await confirmDeleteOrArchive({
      deletable: site.deletable,
      title: t(site.deletable ? 'clients.site.deleteTitle' : 'clients.site.archiveTitle', {
        name: site.name,
      }),
      message: t(site.deletable ? 'clients.site.deleteMessage' : 'clients.site.archiveMessage'),
    });
    if (ok) removeSite.mutate(site.id);
  };

  const address = [
    client.street,
    [client.city, client.province].filter(Boolean).join(', '),
    client.postalCode,
  ]
    .filter(Boolean)
    .join('\n');
  const newSupervisorHref = `/supervisor/create?clientId=${client.id}`;

  return (
    <>
      <DetailPage
        title={client.name}
        backHref="/clients"
        status={<ActiveBadge active={client.active} />}
        actions={
          <RecordActions
            editHref={`/clients/edit/${client.id}`}
            active={client.active}
            deletable={client.deletable}
            onDelete={remove.confirm}
            deleting={remove.isPending}
            onReactivate={onReactivate}
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
              value: client.phone ? <PhoneLink phone={client.phone} /> : null,
            },
            {
              label: t('clients.email'),
              value: client.email ? <EmailLink email={client.email} /> : null,
            },
            {
              label: t('clients.address'),
              value: address ? <span style={{ whiteSpace: 'pre-line' }}>{address}</span> : null,
            },
            { label: t('clients.language'), value: t(`languages.${client.language}`) },
          ]}
        />
        <DetailCard title={t('clients.notes')}>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }} c={client.notes ? undefined : 'dimmed'}>
            {client.notes ?? t('common.empty')}
          </Text>
        </DetailCard>
        <DetailCard
          title={t('clients.supervisors')}
          action={
            client.active ? (
              <Button
                component={Link}
                to={newSupervisorHref}
                variant="default"
                size="xs"
                leftSection={<IconUserPlus size={16} aria-hidden />}
                data-testid="client-new-supervisor"
              >
                {t('clients.newSupervisor')}
              </Button>
            ) : undefined
          }
        >
          {client.supervisors.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t(client.active ? 'clients.noSupervisors' : 'clients.noSupervisorsArchived')}
            </Text>
          ) : (
            <List listStyleType="none" spacing={6} size="sm" data-testid="client-supervisors">
              {client.supervisors.map((supervisor) => (
                <List.Item key={supervisor.id}>
                  <Group gap="xs" wrap="wrap">
                    <Anchor component={Link} to={`/supervisor/${supervisor.id}`} size="sm" fw={600}>
                      {supervisor.firstName} {supervisor.lastName}
                    </Anchor>
                    {supervisor.phone ? <PhoneLink phone={supervisor.phone} /> : null}
                    {supervisor.email ? <EmailLink email={supervisor.email} /> : null}
                    {supervisor.active ? null : <ActiveBadge active={false} />}
                  </Group>
                </List.Item>
              ))}
            </List>
          )}
        </DetailCard>
        <DetailCard title={t('clients.map.title')}>
          <Suspense
            fallback={
              <Center h={240}>
                <Loader role="status" aria-label={t('location.mapLoading')} />
              </Center>
            }
          >
            <ClientSitesMap sites={client.sites} />
          </Suspense>
        </DetailCard>
        <DetailCard
          title={t('clients.sitesTitle', { count: client.sites.length })}
          style={{ gridColumn: '1 / -1' }}
          action={
            client.active ? (
              <Button
                size="xs"
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => siteDialog.open('new')}
                disabled={!client.supervisors.some((s) => s.active)}
                data-testid="site-new"
              >
                {t('clients.site.new')}
              </Button>
            ) : undefined
          }
        >
          <Stack gap="sm">
            {!client.active ? (
              <Text size="sm" c="dimmed">
                {t('clients.site.clientArchived')}
              </Text>
            ) : client.supervisors.some((s) => s.active) ? null : (
              <Text size="sm" c="dimmed" data-testid="site-needs-supervisor">
                {t('clients.site.needsSupervisor')}{' '}
                <Anchor component={Link} to={newSupervisorHref} size="sm" underline="always">
                  {t('clients.newSupervisor')}
                </Anchor>
              </Text>
            )}
            {client.sites.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('clients.noSites')}
              </Text>
            ) : (
              <ClientSitesTable
                sites={client.sites}
                onEdit={client.active ? (site) => siteDialog.open(site.id) : undefined}
                onDelete={client.active ? onDeleteSite : undefined}
              />
            )}
          </Stack>
        </DetailCard>
      </DetailPage>
      <SiteFormModal
        client={client}
        site={siteDialog.site}
        opened={siteDialog.opened}
        onClose={siteDialog.close}
      />
    </>
  );
}
