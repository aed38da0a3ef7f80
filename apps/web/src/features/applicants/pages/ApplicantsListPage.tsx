import type { ApplicantListItem } from '@brigade/shared/applicants';
import { applicantSources, applicantStatuses } from '@brigade/shared/enums';
import { formatPhone } from '@brigade/shared/format';
import { Group, SegmentedControl, Text } from '@mantine/core';
import { IconLayoutKanban, IconList } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { FilterSelect } from '../../../components/ActiveFilter.tsx';
import { type Column, fromLg } from '../../../components/columns.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { ListPage } from '../../../components/ListPage.tsx';
import { ListToolbar } from '../../../components/ListToolbar.tsx';
import { useCardLayout } from '../../../components/useCardLayout.ts';
import { formatDate } from '../../../lib/format.ts';
import { localName } from '../../../lib/i18n.ts';
import { useListState } from '../../../lib/listState.ts';
import { applicantsListQuery } from '../api.ts';
import { ApplicantBoard } from '../components/ApplicantBoard.tsx';
import { ApplicantStatusBadge } from '../components/ApplicantStatusBadge.tsx';

/** How many applicants the board shows at once (the most recently touched). */
const boardSize = 200;

/**
 * Recruiting (the menu's nickname label, spec §2): the pipeline as a board by status on a computer
 * (a card moves with its menu), or as a list (phones, or by choice), with search and filters.
 */
export default function ApplicantsListPage() {
  const { t } = useTranslation();
  const phone = useCardLayout();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const view = params.get('view') ?? (phone ? 'list' : 'board');
  const list = useListState({ sort: 'updatedAt', order: 'desc', filters: { status: '', source: '' } });
  const tableQuery = useQuery({ ...applicantsListQuery(list.params), enabled: view === 'list' });
  const { page: _page, pageSize: _pageSize, ...boardParams } = list.params;
  const boardQuery = useQuery({
    ...applicantsListQuery({ ...boardParams, pageSize: boardSize, sort: 'updatedAt', order: 'desc' }),
    enabled: view === 'board',
  });

  const setView = (next: string) => {
    const search = new URLSearchParams(window.location.search);
    search.set('view', next);
    navigate({ search: `?${search}` }, { replace: true });
  };

  const columns: Column<ApplicantListItem>[] = [
    {
      accessor: 'lastName',
      title: t('applicants.name'),
      sortable: true,
      ellipsis: true,
      width: '24%',
      render: (applicant) => (
        <Text size="sm" fw={500} truncate="end">
          {applicant.lastName}, {applicant.firstName}
        </Text>
      ),
    },
    {
      accessor: 'status',
      title: t('applicants.status'),
      sortable: true,
      noWrap: true,
      render: (applicant) => <ApplicantStatusBadge status={applicant.status} />,
    },
    {
      accessor: 'phone',
      title: t('applicants.mobile'),
      noWrap: true,
      render: (applicant) => formatPhone(applicant.phone),
    },
    {
      accessor: 'skills',
      title: t('applicants.skills'),
      ellipsis: true,
      render: (applicant) => (
        <Text size="sm" truncate="end">
          {applicant.skills.map((skill) => localName(skill)).join(', ') || t('common.empty')}
        </Text>
      ),
    },
    {
      accessor: 'city',
      title: t('applicants.city'),
      render: (applicant) => applicant.city ?? t('common.empty'),
    },
    {
      accessor: 'availableOn',
      title: t('applicants.availableOn'),
      sortable: true,
      noWrap: true,
      visibleMediaQuery: fromLg,
      render: (applicant) => formatDate(applicant.availableOn) || t('common.empty'),
    },
    {
      accessor: 'updatedAt',
      title: t('applicants.updatedAt'),
      sortable: true,
      noWrap: true,
      hiddenInCard: true,
      render: (applicant) => formatDate(applicant.updatedAt),
    },
  ];

  const boardTotal = boardQuery.data?.total ?? 0;
  return (
    <ListPage
      create={{ href: '/applicants/create', label: t('titles.applicantsCreate') }}
      toolbar={
        <Group gap={8} justify="space-between" align="center">
          <ListToolbar list={list} searchPlaceholder={t('applicants.search')}>
            {view === 'list' ? (
              <FilterSelect
                list={list}
                filterKey="status"
                label={t('applicants.status')}
                placeholder={t('applicants.allStatuses')}
                data={applicantStatuses.map((status) => ({
                  value: status,
                  label: t(`applicants.statuses.${status}`),
                }))}
              />
            ) : null}
            <FilterSelect
              list={list}
              filterKey="source"
              label={t('applicants.source')}
              placeholder={t('applicants.allSources')}
              data={applicantSources.map((source) => ({
                value: source,
                label: t(`applicants.sources.${source}`),
              }))}
            />
          </ListToolbar>
          <SegmentedControl
            value={view}
            onChange={setView}
            data={[
              {
                value: 'board',
                label: (
                  <Group gap={6} wrap="nowrap">
                    <IconLayoutKanban size={16} aria-hidden />
                    {t('applicants.board')}
                  </Group>
                ),
              },
              {
                value: 'list',
                label: (
                  <Group gap={6} wrap="nowrap">
                    <IconList size={16} aria-hidden />
                    {t('applicants.list')}
                  </Group>
                ),
              },
            ]}
            data-testid="applicants-view"
          />
        </Group>
      }
    >
      {view === 'board' ? (
        <>
          <ApplicantBoard items={boardQuery.data?.items} loading={boardQuery.isFetching} />
          {boardTotal > boardSize ? (
            <Text size="sm" c="dimmed">
              {t('applicants.more', { count: boardTotal - boardSize })}
            </Text>
          ) : null}
        </>
      ) : (
        <DataTable<ApplicantListItem>
          label={t('titles.applicants')}
          list={list}
          query={tableQuery}
          rowHref={(applicant) => `/applicants/${applicant.id}`}
          titleColumn="lastName"
          minWidth={820}
          columns={columns}
        />
      )}
    </ListPage>
  );
}
