import { Badge, type BadgeProps, Box } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Text colours dark enough (≥ 4.5:1, axe) on the pale background of Mantine's `light` badges, whose
 * own text shade is too light for small text in green, orange, yellow and grape.
 */
const textColors = {
  green: '#1b5e20',
  blue: '#0b4a8b',
  orange: '#8a3a00',
  yellow: '#6b4f00',
  grape: '#6a1b7a',
  red: '#8f1d1d',
  gray: '#343a40',
  brand: '#6b2306',
} as const;

export type SoftBadgeColor = keyof typeof textColors;

/**
 * The one status badge of the app: a pale tint of `color` with dark readable text, never cut short
 * in a narrow column; `dot` adds a dot of the full colour before the label.
 */
export function SoftBadge({
  color,
  dot,
  children,
  ...props
}: { color: SoftBadgeColor; dot?: boolean; children: ReactNode } & Omit<BadgeProps, 'color' | 'variant'> & {
    'data-testid'?: string;
    'data-urgency'?: string;
  }) {
  return (
    <Badge
      color={color}
      variant="light"
      radius="sm"
      tt="none"
      miw="max-content"
      leftSection={
        dot ? (
          <Box
            component="span"
            w={8}
            h={8}
            style={{ borderRadius: '50%', background: `var(--mantine-color-${color}-7)` }}
            aria-hidden
          />
        ) : undefined
      }
      vars={() => ({ root: { '--badge-color': textColors[color] } })}
      {...props}
    >
      {children}
    </Badge>
  );
}
