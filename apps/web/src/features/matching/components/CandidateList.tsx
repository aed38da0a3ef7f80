import type { Candidate, OrderDetail } from '@brigade/shared/orders';
import { Anchor, Badge, Checkbox, Group, Paper, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { exclusionText, Reasons } from './Reasons.tsx';

export interface CandidateListProps {
  order: OrderDetail;
  candidates: Candidate[];
  picked: string[];
  onToggle: (employeeId: string) => void;
  /** Replacing one assignation: one person is picked (radio), not several. */
  single: boolean;
}

/**
 * The ranked candidates, best first, each with the reasons in words; those a hard rule leaves out
 * (when shown) greyed with the rule. Picking is a checkbox (or a radio when replacing), so the
 * keyboard picks with Tab and Space.
 */
export function CandidateList({ order, candidates, picked, onToggle, single }: CandidateListProps) {
  const { t } = useTranslation();
  return (
    <Stack
      gap={6}
      component="ol"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
      data-testid="candidates"
    >
      {candidates.map((candidate, index) => {
        const { employee } = candidate;
        const name = `${employee.lastName}, ${employee.firstName}`;
        const checked = picked.includes(employee.id);
        const disabled = candidate.assigned;
        const control = single ? (
          <Radio
            checked={checked}
            disabled={disabled}
            onChange={() => onToggle(employee.id)}
            aria-label={t('matching.pick', { name })}
          />
        ) : (
          <Checkbox
            checked={checked}
            disabled={disabled}
            onChange={() => onToggle(employee.id)}
            aria-label={t('matching.pick', { name })}
          />
        );
        return (
          <Paper
            component="li"
            key={employee.id}
            withBorder
            p="xs"
            // Marked by the border, not a tint: the dimmed texts keep their contrast on white.
            style={{
              borderColor: checked ? 'var(--mantine-color-brand-6)' : undefined,
              borderWidth: checked ? 2 : undefined,
              borderStyle: candidate.excluded ? 'dashed' : undefined,
            }}
            data-testid="candidate"
            data-excluded={candidate.excluded ? 'true' : undefined}
          >
            <Group align="flex-start" wrap="nowrap" gap="sm">
              <div style={{ paddingTop: 2 }}>{control}</div>
              <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                <Group gap={8} wrap="wrap">
                  <Text size="sm" c="dimmed" w={24}>
                    {index + 1}.
                  </Text>
                  <Anchor
                    component={Link}
                    to={`/employees/${employee.id}`}
                    size="sm"
                    fw={600}
                    target="_blank"
                  >
                    {name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {[employee.employeeNumber, employee.city].filter(Boolean).join(' · ')}
                  </Text>
                  {candidate.assigned ? (
                    <Badge size="sm" variant="light" color="blue">
                      {t('matching.onOrder')}
                    </Badge>
                  ) : null}
                  {candidate.excluded ? (
                    <Badge size="sm" variant="light" color="gray" data-testid="excluded-reason">
                      {t('matching.excludedTag')} :{' '}
                      {exclusionText(t, order, candidate.excluded as { code: string })}
                    </Badge>
                  ) : null}
                  <Text size="xs" c="dimmed" ml="auto" aria-label={t('matching.score')}>
                    {candidate.score}
                  </Text>
                </Group>
                <Reasons order={order} reasons={candidate.reasons as never} />
              </Stack>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
