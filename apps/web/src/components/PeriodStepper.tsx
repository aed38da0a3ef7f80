import { ActionIcon, Group, type GroupProps } from '@mantine/core';
import { type Icon, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A step to the period before or after: its name for screen readers and what it does. */
export interface PeriodStep {
  label: string;
  onClick: () => void;
  testId?: string;
}

function StepButton({ step, icon: StepIcon }: { step: PeriodStep; icon: Icon }) {
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={step.label}
      onClick={step.onClick}
      data-testid={step.testId}
    >
      <StepIcon size={18} aria-hidden />
    </ActionIcon>
  );
}

/**
 * Back and forth through periods (years, months, weeks): a chevron on each side of what stands
 * between them (the period shown, or a way back to today).
 */
export function PeriodStepper({
  previous,
  next,
  children,
  ...props
}: GroupProps & { previous: PeriodStep; next: PeriodStep; children: ReactNode }) {
  return (
    <Group gap={4} wrap="nowrap" {...props}>
      <StepButton step={previous} icon={IconChevronLeft} />
      {children}
      <StepButton step={next} icon={IconChevronRight} />
    </Group>
  );
}
