import type { ToolDetail } from '@brigade/shared/catalog';
import { Anchor, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { DetailCard, DetailPage } from '../../../components/DetailPage.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { RecordActions } from '../../../components/RecordActions.tsx';
import { SoftBadge } from '../../../components/SoftBadge.tsx';
import { confirmAction } from '../../../lib/confirm.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { useApiMutation } from '../../../lib/queries.ts';
import { toast } from '../../../lib/toast.tsx';
import { deleteTool, toolQuery, toolsKey, updateTool } from '../api.ts';
import { localName } from '../components/CatalogName.tsx';

/** A tool at a glance: names, description, status and the employees who own it. */
export default function ToolDetailPage() {
  const { id = '' } = useParams();
  const query = useQuery(toolQuery(id));
  if (!query.data) return <QueryState error={query.error} backHref="/tools" />;
  return <ToolDetailView tool={query.data} />;
}

function ToolDetailView({ tool }: { tool: ToolDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = localName(tool);

  const remove = useApiMutation({
    mutationFn: () => deleteTool(tool.id),
    invalidate: [toolsKey],
    successKey: false,
    onSuccess: ({ outcome }) => {
      toast.success(t(outcome === 'deleted' ? 'tools.deleted' : 'tools.archived'));
      if (outcome === 'deleted') navigate('/tools');
    },
  });
  const reactivate = useApiMutation({
    mutationFn: () => updateTool(tool.id, { active: true }),
    invalidate: [toolsKey],
    successKey: 'tools.reactivated',
  });

  const onDelete = async () => {
    const ok = await confirmAction({
      title: t(tool.deletable ? 'tools.deleteTitle' : 'tools.archiveTitle', { name }),
      message: tool.deletable
        ? t('tools.deleteMessage')
        : t('tools.archiveMessage', { count: tool.ownerCount }),
      confirmLabel: t(tool.deletable ? 'common.delete' : 'common.archive'),
      danger: true,
    });
    if (ok) remove.mutate();
  };
  const statusColor = tool.active ? 'green' : 'gray';

  return (
    <DetailPage
      title={name}
      backHref="/tools"
      status={
        <SoftBadge color={statusColor}>{t(tool.active ? 'tools.activeStatus' : 'tools.inactive')}</SoftBadge>
      }
      actions={
        <RecordActions
          editHref={`/tools/edit/${tool.id}`}
          active={tool.active}
          deletable={tool.deletable}
          onDelete={onDelete}
          deleting={remove.isPending}
          onReactivate={() => reactivate.mutate()}
          reactivating={reactivate.isPending}
          reactivateLabel={t('tools.reactivate')}
        />
      }
    >
      <DetailCard
        title={t('tools.names')}
        rows={[
          { label: t('tools.nameFr'), value: <span lang="fr">{tool.nameFr}</span> },
          { label: t('tools.nameEn'), value: <span lang="en">{tool.nameEn}</span> },
        ]}
      />
      <DetailCard
        title={t('tools.details')}
        rows={[
          { label: t('tools.description'), value: tool.description },
          { label: t('tools.status'), value: t(tool.active ? 'tools.activeStatus' : 'tools.inactive') },
          { label: t('tools.ownerCount'), value: formatNumber(tool.ownerCount) },
        ]}
      />
      <DetailCard title={t('tools.ownersTitle', { count: tool.ownerCount })} style={{ gridColumn: '1 / -1' }}>
        {tool.owners.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('tools.noOwners')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={300}>
            <Table
              striped
              highlightOnHover
              verticalSpacing={6}
              fz="sm"
              aria-label={t('tools.ownersTitle', { count: tool.ownerCount })}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('tools.employee')}</Table.Th>
                  <Table.Th>{t('tools.employeeNumber')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {tool.owners.map((owner) => (
                  <Table.Tr key={owner.employeeId}>
                    <Table.Td>
                      <Anchor component={Link} to={`/employees/${owner.employeeId}`} size="sm">
                        {owner.lastName}, {owner.firstName}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{owner.employeeNumber}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {tool.ownerCount > tool.owners.length ? (
          <Text size="xs" c="dimmed" mt="xs">
            {t('tools.ownersCapped', { shown: tool.owners.length, total: tool.ownerCount })}
          </Text>
        ) : null}
      </DetailCard>
    </DetailPage>
  );
}
