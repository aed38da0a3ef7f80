import type { Exclusion, Reason } from '@brigade/shared/matching';
import type { OrderDetail } from '@brigade/shared/orders';
import { Group, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDate, formatHours } from '../../../lib/format.ts';
import { localName } from '../../../lib/i18n.ts';

type Names = Pick<OrderDetail, 'skills' | 'tools'>;

const skillName = (order: Names, skillId: string) => {
  const skill = order.skills.find((each) => each.skillId === skillId);
  return skill ? localName(skill) : '';
};
const toolName = (order: Names, toolId: string) => {
  const tool = order.tools.find((each) => each.toolId === toolId);
  return tool ? localName(tool) : '';
};

/** A reason for or against a candidate, in words ("✔ Charpentier-menuisier valide jusqu'au 2027-03"). */
export function reasonText(t: TFunction, order: Names, reason: Reason): string {
  switch (reason.code) {
    case 'has_skill':
      return reason.expiresOn
        ? t('matching.reasons.has_skill_until', {
            skill: skillName(order, reason.skillId),
            month: reason.expiresOn.slice(0, 7),
          })
        : t('matching.reasons.has_skill', { skill: skillName(order, reason.skillId) });
    case 'lacks_skill':
      return t('matching.reasons.lacks_skill', { skill: skillName(order, reason.skillId) });
    case 'has_tool':
      return t('matching.reasons.has_tool', { tool: toolName(order, reason.toolId) });
    case 'lacks_tool':
      return t('matching.reasons.lacks_tool', { tool: toolName(order, reason.toolId) });
    case 'status':
      return t('matching.reasons.status', { status: t(`employeeStatuses.${reason.status}`) });
    case 'distance':
      return t('matching.reasons.distance', { km: reason.km });
    case 'hours_this_week':
      return t('matching.reasons.hours_this_week', { hours: formatHours(reason.minutes) });
    case 'part_day_absence':
      return t('matching.reasons.part_day_absence', {
        date: formatDate(reason.date),
        from: reason.fromTime,
        to: reason.toTime,
      });
    default:
      return t(`matching.reasons.${reason.code}`);
  }
}

/** Why a hard rule leaves a candidate out, in words. */
export function exclusionText(t: TFunction, order: Names, exclusion: Exclusion | { code: string }): string {
  const rule = exclusion as Exclusion;
  switch (rule.code) {
    case 'absent':
      return t('matching.exclusions.absent', {
        date: formatDate(rule.date),
        type: t(`absences.types.${rule.absenceType}`),
      });
    case 'fear_of_heights':
      return t('matching.exclusions.fear_of_heights', { height: rule.heightMetres });
    case 'missing_skill':
      return t('matching.exclusions.missing_skill', { skill: skillName(order, rule.skillId) });
    case 'skill_expires':
      return t('matching.exclusions.skill_expires', {
        skill: skillName(order, rule.skillId),
        date: formatDate(rule.expiresOn),
      });
    case 'booked':
      return t('matching.exclusions.booked', { date: formatDate(rule.date) });
    default:
      return t(`matching.exclusions.${rule.code}`);
  }
}

const tone = (text: string) =>
  text.startsWith('✔') ? 'teal.9' : text.startsWith('✗') || text.startsWith('⚠') ? 'red.9' : 'dimmed';

/** The reasons on one line each, coloured for and against (the sign says it too, for colour-blind eyes). */
export function Reasons({ order, reasons }: { order: Names; reasons: Reason[] }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="wrap" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {reasons.map((reason) => {
        const text = reasonText(t, order, reason);
        return (
          <Text
            component="li"
            key={JSON.stringify(reason)}
            size="xs"
            c={tone(text)}
            px={6}
            py={1}
            style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }}
          >
            {text}
          </Text>
        );
      })}
    </Group>
  );
}
