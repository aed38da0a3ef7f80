import type { ToolDetail, ToolOwner } from '@brigade/shared/catalog';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DetailCard, DetailPage } from '../../../components/DetailPage.tsx';
import { EmployeeLinksTable, SeeAllLink } from '../../../components/EmployeeLinksTable.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { RecordActions } from '../../../components/RecordActions.tsx';
import { ActiveBadge } from '../../../components/StatusBadge.tsx';
import { useDeleteRecord } from '../../../lib/deleteRecord.ts';
import { formatNumber } from '../../../lib/format.ts';
import { localName } from '../../../lib/i18n.ts';
import { useApiMutation } from '../../../lib/queries.ts';
import { deleteTool, toolFields, toolQuery, updateTool } from '../api.ts';

/** A tool at a glance: names, description, status and the employees who own it. */
export default function ToolDetailPage() {
  const { id = '' } = useParams();
  const query = useQuery(toolQuery(id));
  if (!query.data) return <QueryState query={query} backHref="/tools" />;
  return <ToolDetailView tool={query.data} />;
}

function ToolDetailView({ tool }: { tool: ToolDetail }) {
  const { t } = useTranslation();
  const name = localName(tool);

  const remove = useDeleteRecord({
    ...deleteTool(tool.id),
    id: tool.id,
    deletable: tool.deletable,
    confirm: {
      title: t(tool.deletable ? 'tools.deleteTitle' : 'tools.archiveTitle', { name }),
      message: tool.deletable
        ? t('tools.deleteMessage')
        : t('tools.archiveMessage', { count: tool.ownerCount }),
    },
    listHref: '/tools',
    deletedKey: 'tools.deleted',
    archivedKey: 'tools.archived',
  });
  const reactivate = useApiMutation({
    ...updateTool(tool.id),
    successKey: 'tools.reactivated',
  });

  return (
    <DetailPage
      title={name}
      backHref="/tools"
      status={<ActiveBadge active={tool.active} />}
      actions={
        <RecordActions
          editHref={`/tools/edit/${tool.id}`}
          active={tool.active}
          deletable={tool.deletable}
          onDelete={remove.confirm}
          deleting={remove.isPending}
          onReactivate={() => reactivate.mutate({ ...toolFields(tool), active: true })}
          reactivating={reactivate.isPending}
          reactivateLabel={t('tools.reactivate')}
          testIdPrefix="tool"
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
          { label: t('tools.status'), value: t(tool.active ? 'status.active' : 'status.archived') },
          { label: t('tools.ownerCount'), value: formatNumber(tool.ownerCount) },
        ]}
      />
      <DetailCard
        title={t('tools.ownersTitle', { count: tool.ownerCount })}
        style={{ gridColumn: '1 / -1' }}
        action={
          <SeeAllLink
            to={`/employees?toolId=${tool.id}`}
            count={tool.ownerCount}
            data-testid="tool-owners-all"
          />
        }
      >
        <EmployeeLinksTable<ToolOwner>
          label={t('tools.ownersTitle', { count: tool.ownerCount })}
          records={tool.owners}
          empty={t('tools.noOwners')}
          capped={{ total: tool.ownerCount, key: 'tools.ownersCapped' }}
        />
      </DetailCard>
    </DetailPage>
  );
}
