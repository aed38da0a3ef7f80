import type { SkillDetail } from '@brigade/shared/catalog';
import { Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DetailCard, DetailPage } from '../../../components/DetailPage.tsx';
import { SeeAllLink } from '../../../components/EmployeeLinksTable.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { RecordActions } from '../../../components/RecordActions.tsx';
import { ActiveBadge } from '../../../components/StatusBadge.tsx';
import { useDeleteRecord } from '../../../lib/deleteRecord.ts';
import { formatNumber } from '../../../lib/format.ts';
import { localName } from '../../../lib/i18n.ts';
import { useApiMutation } from '../../../lib/queries.ts';
import { deleteSkill, skillFields, skillQuery, updateSkill } from '../api.ts';
import { HoldersTable } from '../components/HoldersTable.tsx';

/** A skill at a glance: names, flags, status, who holds it and whose certificate expires soon. */
export default function SkillDetailPage() {
  const { id = '' } = useParams();
  const query = useQuery(skillQuery(id));
  if (!query.data) return <QueryState query={query} backHref="/skills" />;
  return <SkillDetailView skill={query.data} />;
}

function SkillDetailView({ skill }: { skill: SkillDetail }) {
  const { t } = useTranslation();
  const name = localName(skill);

  const remove = useDeleteRecord({
    ...deleteSkill(skill.id),
    id: skill.id,
    deletable: skill.deletable,
    confirm: {
      title: t(skill.deletable ? 'skills.deleteTitle' : 'skills.archiveTitle', { name }),
      message: skill.deletable
        ? t('skills.deleteMessage')
        : t('skills.archiveMessage', { count: skill.holderCount }),
    },
    listHref: '/skills',
    deletedKey: 'skills.deleted',
    archivedKey: 'skills.archived',
  });
  const reactivate = useApiMutation({
    ...updateSkill(skill.id),
    successKey: 'skills.reactivated',
  });

  const yesNo = (value: boolean) => t(value ? 'common.yes' : 'common.no');
  const { expiring } = skill;

  return (
    <DetailPage
      title={name}
      backHref="/skills"
      status={<ActiveBadge active={skill.active} />}
      actions={
        <RecordActions
          editHref={`/skills/edit/${skill.id}`}
          active={skill.active}
          deletable={skill.deletable}
          onDelete={remove.confirm}
          deleting={remove.isPending}
          onReactivate={() => reactivate.mutate({ ...skillFields(skill), active: true })}
          reactivating={reactivate.isPending}
          reactivateLabel={t('skills.reactivate')}
          testIdPrefix="skill"
        />
      }
    >
      <DetailCard
        title={t('skills.names')}
        rows={[
          { label: t('skills.nameFr'), value: <span lang="fr">{skill.nameFr}</span> },
          { label: t('skills.nameEn'), value: <span lang="en">{skill.nameEn}</span> },
        ]}
      />
      <DetailCard
        title={t('skills.flags')}
        rows={[
          { label: t('skills.expirable'), value: yesNo(skill.expirable) },
          { label: t('skills.important'), value: yesNo(skill.important) },
          { label: t('skills.status'), value: t(skill.active ? 'status.active' : 'status.archived') },
          { label: t('skills.holderCount'), value: formatNumber(skill.holderCount) },
        ]}
      />
      {/* A skill that cannot expire has no expiry dates to watch. */}
      {skill.expirable ? (
        <DetailCard title={t('skills.expiringTitle')} style={{ gridColumn: '1 / -1' }}>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" mb="md">
            <Count label={t('skills.expiredCount')} value={expiring.expired} color="red" />
            <Count label={t('skills.within', { days: 30 })} value={expiring.within30} color="orange" />
            <Count label={t('skills.within', { days: 60 })} value={expiring.within60} color="yellow" />
            <Count label={t('skills.within', { days: 90 })} value={expiring.within90} color="yellow" />
          </SimpleGrid>
          {expiring.holders.length > 0 ? (
            <HoldersTable
              holders={expiring.holders}
              label={t('skills.expiringTitle')}
              expirable={skill.expirable}
            />
          ) : (
            <Text size="sm" c="dimmed">
              {t('skills.nothingExpiring')}
            </Text>
          )}
        </DetailCard>
      ) : null}
      <DetailCard
        title={t('skills.holdersTitle', { count: skill.holderCount })}
        style={{ gridColumn: '1 / -1' }}
        action={
          <SeeAllLink
            to={`/employees?skillId=${skill.id}`}
            count={skill.holderCount}
            data-testid="skill-holders-all"
          />
        }
      >
        <HoldersTable
          holders={skill.holders}
          label={t('skills.holdersTitle', { count: skill.holderCount })}
          capped={{ total: skill.holderCount, key: 'skills.holdersCapped' }}
          expirable={skill.expirable}
        />
      </DetailCard>
    </DetailPage>
  );
}

function Count({ label, value, color }: { label: string; value: number; color: string }) {
  return (
    <Paper withBorder radius="sm" p="xs" style={{ borderLeft: `4px solid var(--mantine-color-${color}-6)` }}>
      <Group justify="space-between" gap={4} wrap="nowrap">
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text fw={700} size="lg">
          {formatNumber(value)}
        </Text>
      </Group>
    </Paper>
  );
}
