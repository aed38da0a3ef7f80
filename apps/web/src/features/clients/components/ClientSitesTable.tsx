import type { SiteDetail } from '@brigade/shared/clients';
import { ActionIcon, Anchor, Box, Group, Text, Tooltip } from '@mantine/core';
import { IconArchive, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmailLink } from '../../../components/ContactLink.tsx';
import { RecordTable } from '../../../components/RecordTable.tsx';
import { SiteStatusBadge } from '../../../components/StatusBadge.tsx';
import { dangerColor } from '../../../lib/confirm.tsx';
import { formatDateRange } from '../../../lib/format.ts';
import classes from './ClientSitesTable.module.css';

function SiteDetails({ site }: { site: SiteDetail }) {
  const { t } = useTranslation();
  const address = [site.street, site.city, site.province, site.postalCode].filter(Boolean).join(', ');
  const row = (label: string, value: React.ReactNode) => (
    <Box style={{ display: 'contents' }}>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {value || t('common.empty')}
      </Text>
    </Box>
  );
  return (
    <dl className={classes.siteDetails} data-testid="site-details">
      {row(t('clients.site.type'), t(`clients.site.types.${site.type}`))}
      {row(
        t('clients.site.adminHours'),
        site.adminHoursName || site.adminHoursEmail ? (
          <>
            {site.adminHoursName}
            {site.adminHoursName && site.adminHoursEmail ? ' · ' : null}
            {site.adminHoursEmail ? <EmailLink email={site.adminHoursEmail} /> : null}
          </>
        ) : null,
      )}
      {row(t('clients.site.address'), address)}
      {row(t('clients.site.comments'), site.comments)}
    </dl>
  );
}

/**
 * A client's sites, each with its status, PO / job number, dates and supervisors, and its details
 * (type, who approves the hours, address, comments) under its row. Read-only (no `onEdit` /
 * `onDelete`) while the client is archived.
 */
export function ClientSitesTable({
  sites,
  onEdit,
  onDelete,
}: {
  sites: SiteDetail[];
  onEdit?: (site: SiteDetail) => void;
  onDelete?: (site: SiteDetail) => void;
}) {
  const { t } = useTranslation();
  return (
    <RecordTable<SiteDetail>
      label={t('clients.sitesTitle', { count: sites.length })}
      data-testid="client-sites"
      rowTestId="site-row"
      records={sites}
      rowKey={(site) => site.id}
      details={(site) => <SiteDetails site={site} />}
      detailsLabel={(site) => t('clients.site.details', { name: site.name })}
      columns={[
        {
          accessor: 'name',
          title: t('clients.site.site'),
          render: (site) => (
            <>
              <Text size="sm" fw={600}>
                {site.name}
              </Text>
              <Group gap={6} mt={2} wrap="wrap">
                <SiteStatusBadge status={site.status} />
                {site.city ? (
                  <Text size="xs" c="dimmed">
                    {site.city}
                  </Text>
                ) : null}
              </Group>
            </>
          ),
        },
        {
          accessor: 'po',
          title: t('clients.site.poJob'),
          noWrap: true,
          render: (site) => (
            <>
              <div>{site.po ?? t('common.empty')}</div>
              <Text size="xs" c="dimmed">
                {site.jobNumber ?? t('common.empty')}
              </Text>
            </>
          ),
        },
        {
          accessor: 'dates',
          title: t('clients.site.dates'),
          noWrap: true,
          render: (site) => formatDateRange(site.startDate, site.endDate) || t('common.empty'),
        },
        {
          accessor: 'supervisors',
          title: t('clients.site.supervisors'),
          render: (site) =>
            site.supervisors.map((s) => (
              <Anchor key={s.id} component={Link} to={`/supervisor/${s.id}`} size="sm" display="block">
                {s.firstName} {s.lastName}
              </Anchor>
            )),
        },
      ]}
      actions={
        onEdit && onDelete
          ? (site) => (
              <>
                <Tooltip label={t('common.edit')}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    onClick={() => onEdit(site)}
                    aria-label={t('clients.site.edit', { name: site.name })}
                    data-testid="site-edit"
                  >
                    <IconPencil size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
                {site.deletable || !site.archived ? (
                  <Tooltip label={t(site.deletable ? 'common.delete' : 'common.archive')}>
                    <ActionIcon
                      variant="subtle"
                      color={dangerColor}
                      onClick={() => onDelete(site)}
                      aria-label={t(site.deletable ? 'clients.site.delete' : 'clients.site.archive', {
                        name: site.name,
                      })}
                      data-testid="site-delete"
                    >
                      {site.deletable ? (
                        <IconTrash size={18} aria-hidden />
                      ) : (
                        <IconArchive size={18} aria-hidden />
                      )}
                    </ActionIcon>
                  </Tooltip>
                ) : null}
              </>
            )
          : undefined
      }
    />
  );
}
