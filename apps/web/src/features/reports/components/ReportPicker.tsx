import type { ReportListItem } from '@brigade/shared/reports';
import { Badge, Group, NavLink, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n.ts';

/** The reports, in the spec's order: one click picks one; its formats show beside its name. */
export function ReportPicker({
  reports,
  selected,
  onSelect,
}: {
  reports: readonly ReportListItem[];
  selected: string;
  onSelect: (type: string) => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Paper withBorder radius="sm" p={4} component="nav" aria-label={t('reports.pickerLabel')}>
      <Stack gap={2}>
        {reports.map((report) => (
          <NavLink
            key={report.type}
            component="button"
            type="button"
            active={report.type === selected}
            aria-current={report.type === selected ? 'true' : undefined}
            onClick={() => onSelect(report.type)}
            data-testid={`report-${report.type}`}
            label={<Text size="sm">{report.title[language]}</Text>}
            description={
              <Group gap={4} mt={2}>
                {report.formats.map((format) => (
                  <Badge key={format} size="xs" variant="light" color="gray">
                    {t(`reports.formats.${format}`)}
                  </Badge>
                ))}
              </Group>
            }
          />
        ))}
      </Stack>
    </Paper>
  );
}
