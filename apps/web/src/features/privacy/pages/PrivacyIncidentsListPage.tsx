import type { PrivacyIncident } from '@brigade/shared/privacy';
import { Badge, Button, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../components/ActiveFilter.tsx';
import { fromLg } from '../../../components/columns.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { ListPage } from '../../../components/ListPage.tsx';
import { ListToolbar } from '../../../components/ListToolbar.tsx';
import { formatDate } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useListState } from '../../../lib/listState.ts';
import { toast } from '../../../lib/toast.tsx';
import { downloadPrivacyIncidents, privacyIncidentsListQuery } from '../api.ts';

/** The register of confidentiality incidents (Law 25, s. 3.8): newest first, searched, exported. */
export default function PrivacyIncidentsListPage() {
  const { t } = useTranslation();
  const list = useListState({ sort: 'number', order: 'desc', filters: { seriousInjuryRisk: '' } });
  const query = useQuery(privacyIncidentsListQuery(list.params));
  const [exporting, setExporting] = useState(false);
  const exportRegister = () => {
    setExporting(true);
    downloadPrivacyIncidents(currentLanguage())
      .catch(() => toast.error(t('errors.status.other')))
      .finally(() => setExporting(false));
  };
  const notice = (day: string | null) => (day ? formatDate(day) : t('privacy.register.notSent'));

  return (
    <ListPage
      create={{ href: '/privacy-incidents/create', label: t('titles.privacyIncidentsCreate') }}
      actions={
        <Button
          variant="default"
          leftSection={<IconDownload size={18} aria-hidden />}
          loading={exporting}
          onClick={exportRegister}
          data-testid="privacy-incidents-export"
        >
          {t('privacy.register.export')}
        </Button>
      }
      intro={<Text c="dimmed">{t('privacy.register.intro')}</Text>}
      toolbar={
        <ListToolbar
          list={list}
          searchLabel={t('privacy.register.search')}
          searchPlaceholder={t('privacy.register.searchPlaceholder')}
        >
          <FilterSelect
            list={list}
            filterKey="seriousInjuryRisk"
            label={t('privacy.register.riskFilter')}
            data={[
              { value: 'true', label: t('privacy.register.riskYes') },
              { value: 'false', label: t('privacy.register.riskNo') },
            ]}
          />
        </ListToolbar>
      }
    >
      <DataTable<PrivacyIncident>
        label={t('titles.privacyIncidents')}
        list={list}
        query={query}
        rowHref={(incident) => `/privacy-incidents/edit/${incident.id}`}
        minWidth={640}
        columns={[
          {
            accessor: 'number',
            title: t('privacy.register.number'),
            sortable: true,
            width: '1%',
            render: (incident) => incident.number,
          },
          {
            accessor: 'occurredOn',
            title: t('privacy.register.occurredOn'),
            sortable: true,
            noWrap: true,
            render: (incident) => formatDate(incident.occurredOn),
          },
          {
            accessor: 'discoveredOn',
            title: t('privacy.register.discoveredOn'),
            sortable: true,
            noWrap: true,
            visibleMediaQuery: fromLg,
            hiddenInCard: true,
            render: (incident) => formatDate(incident.discoveredOn),
          },
          {
            accessor: 'description',
            title: t('privacy.register.description'),
            ellipsis: true,
            width: '40%',
            render: (incident) => (
              <Text size="sm" fw={600} truncate="end" title={incident.description}>
                {incident.description}
              </Text>
            ),
          },
          {
            accessor: 'seriousInjuryRisk',
            title: t('privacy.register.risk'),
            noWrap: true,
            render: (incident) =>
              incident.seriousInjuryRisk ? (
                <Badge color="red" variant="light">
                  {t('privacy.register.riskYes')}
                </Badge>
              ) : (
                <Badge color="gray" variant="light">
                  {t('privacy.register.riskNo')}
                </Badge>
              ),
          },
          {
            accessor: 'commissionNotifiedOn',
            title: t('privacy.register.commissionNotifiedOn'),
            visibleMediaQuery: fromLg,
            render: (incident) => notice(incident.commissionNotifiedOn),
          },
          {
            accessor: 'peopleNotifiedOn',
            title: t('privacy.register.peopleNotifiedOn'),
            visibleMediaQuery: fromLg,
            render: (incident) => notice(incident.peopleNotifiedOn),
          },
        ]}
      />
    </ListPage>
  );
}
