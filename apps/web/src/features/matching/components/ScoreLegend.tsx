import { scorePoints } from '@brigade/shared/matching';
import { ActionIcon, List, Popover, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * What a candidate's score is made of, beside the ranking: the office reads "34" and knows why one
 * worker comes before another. The points are the ranking's own (`scorePoints`).
 */
export function ScoreLegend() {
  const { t } = useTranslation();
  const parts = [
    t('matching.legend.mandatorySkill', { points: scorePoints.mandatorySkill }),
    t('matching.legend.skill', { points: scorePoints.skill }),
    t('matching.legend.tool', { points: scorePoints.tool }),
    t('matching.legend.available', { points: scorePoints.available }),
    t('matching.legend.workedAtSite', {
      points: scorePoints.workedAtSite,
      client: scorePoints.workedForClient,
    }),
    t('matching.legend.distance', { points: scorePoints.distanceMax }),
    t('matching.legend.hours', { points: scorePoints.hoursMax }),
  ];
  return (
    <Popover width={340} position="bottom-start" withArrow shadow="md">
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={t('matching.legend.title')}
          data-testid="score-legend"
        >
          <IconInfoCircle size={20} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm" fw={600} mb={4}>
          {t('matching.legend.title')}
        </Text>
        <List size="sm" spacing={2}>
          {parts.map((part) => (
            <List.Item key={part}>{part}</List.Item>
          ))}
        </List>
        <Text size="xs" c="dimmed" mt={6}>
          {t('matching.legend.excluded')}
        </Text>
      </Popover.Dropdown>
    </Popover>
  );
}
