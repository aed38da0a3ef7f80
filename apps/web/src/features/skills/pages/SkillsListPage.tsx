import type { SkillListItem } from '@brigade/shared/catalog';
import { Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ActiveFilter, FilterSelect } from '../../../components/ActiveFilter.tsx';
import { CatalogName } from '../../../components/CatalogName.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { ListPage } from '../../../components/ListPage.tsx';
import { ListToolbar } from '../../../components/ListToolbar.tsx';
import { SoftBadge } from '../../../components/SoftBadge.tsx';
import { ActiveBadge } from '../../../components/StatusBadge.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useListState } from '../../../lib/listState.ts';
import { skillsListQuery } from '../api.ts';

/** Skills: search, active/important filters, sort by name, holders or importance, pages. */
export default function SkillsListPage() {
  const { t } = useTranslation();
  const nameSort = currentLanguage() === 'en' ? 'nameEn' : 'nameFr';
  const list = useListState({ sort: nameSort, filters: { active: 'true', important: '' } });
  const query = useQuery(skillsListQuery(list.params));

  return (
    <ListPage
      create={{ href: '/skills/create', label: t('titles.skillsCreate') }}
      toolbar={
        <ListToolbar
          list={list}
          searchLabel={t('skills.search')}
          searchPlaceholder={t('skills.searchPlaceholder')}
        >
          <FilterSelect
            list={list}
            filterKey="important"
            label={t('skills.important')}
            placeholder={t('skills.importantFilter.all')}
            data={[
              { value: 'true', label: t('skills.importantFilter.true') },
              { value: 'false', label: t('skills.importantFilter.false') },
            ]}
          />
          <ActiveFilter list={list} />
        </ListToolbar>
      }
    >
      <DataTable<SkillListItem>
        label={t('titles.skills')}
        list={list}
        query={query}
        rowHref={(skill) => `/skills/${skill.id}`}
        minWidth={560}
        columns={[
          {
            accessor: nameSort,
            title: t('skills.name'),
            sortable: true,
            render: (skill) => <CatalogName nameFr={skill.nameFr} nameEn={skill.nameEn} />,
          },
          {
            accessor: 'important',
            title: t('skills.flags'),
            sortable: true,
            render: (skill) => (
              <Group gap={6}>
                {skill.important ? <SoftBadge color="brand">{t('skills.importantBadge')}</SoftBadge> : null}
                {skill.expirable ? <SoftBadge color="blue">{t('skills.expirableBadge')}</SoftBadge> : null}
                {skill.active ? null : <ActiveBadge active={false} />}
              </Group>
            ),
          },
          {
            accessor: 'holderCount',
            title: t('skills.holderCount'),
            sortable: true,
            textAlign: 'right',
            noWrap: true,
            render: (skill) => formatNumber(skill.holderCount),
          },
        ]}
      />
    </ListPage>
  );
}
