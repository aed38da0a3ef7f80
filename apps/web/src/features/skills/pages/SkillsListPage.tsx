import type { SkillListItem } from '@brigade/shared/catalog';
import { Badge, Group, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ActiveFilter } from '../../../components/ActiveFilter.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { ListPage } from '../../../components/ListPage.tsx';
import { ListToolbar } from '../../../components/ListToolbar.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useListState } from '../../../lib/listState.ts';
import { skillsListQuery } from '../api.ts';
import { badgeVars } from '../components/badgeText.ts';
import { CatalogName } from '../components/CatalogName.tsx';

/** Skills: search, active/important filters, sort by name, holders or importance, pages. */
export default function SkillsListPage() {
  const { t } = useTranslation();
  const nameSort = currentLanguage() === 'en' ? 'nameEn' : 'nameFr';
  const list = useListState({ sort: nameSort, filters: { active: 'true', important: '' } });
  const query = useQuery(skillsListQuery(list.params));

  return (
    <ListPage
      toolbar={
        <ListToolbar
          list={list}
          searchLabel={t('skills.search')}
          createHref="/skills/create"
          createLabel={t('titles.skillsCreate')}
        >
          <ActiveFilter list={list} />
          <Select
            label={t('skills.important')}
            data={[
              { value: '', label: t('skills.importantFilter.all') },
              { value: 'true', label: t('skills.importantFilter.true') },
              { value: 'false', label: t('skills.importantFilter.false') },
            ]}
            value={list.filters.important ?? ''}
            onChange={(value) => list.setFilter('important', value ?? '')}
            allowDeselect={false}
            w={{ base: '100%', xs: 180 }}
          />
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
                {skill.important ? (
                  <Badge color="brand" variant="light" radius="sm" tt="none">
                    {t('skills.importantBadge')}
                  </Badge>
                ) : null}
                {skill.expirable ? (
                  <Badge color="blue" variant="light" radius="sm" tt="none" vars={badgeVars('blue')}>
                    {t('skills.expirableBadge')}
                  </Badge>
                ) : null}
                {skill.active ? null : (
                  <Badge color="gray" variant="light" radius="sm" tt="none" vars={badgeVars('gray')}>
                    {t('skills.inactive')}
                  </Badge>
                )}
              </Group>
            ),
          },
          {
            accessor: 'holderCount',
            title: t('skills.holderCount'),
            sortable: true,
            textAlign: 'right',
            width: 130,
            render: (skill) => formatNumber(skill.holderCount),
          },
        ]}
      />
    </ListPage>
  );
}
