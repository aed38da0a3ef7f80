import { Group, Text } from '@mantine/core';

/** The product name with its mark; decorative, so the mark is hidden from assistive tech. */
export function Brand({ size = 'lg' }: { size?: 'md' | 'lg' }) {
  const mark = size === 'lg' ? 32 : 26;
  return (
    <Group gap={8} wrap="nowrap">
      <svg width={mark} height={mark} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill="var(--mantine-color-brand-6)" />
        <path d="M14 40h36v6H14zM18 40c0-9 6-16 14-16s14 7 14 16h-6c0-6-4-11-8-11s-8 5-8 11z" fill="#fff" />
        <path d="M29 18h6v10h-6z" fill="#fff" />
      </svg>
      <Text component="span" fw={800} fz={size === 'lg' ? 22 : 18} c="dark.8" lts={-0.3}>
        Brigade
      </Text>
    </Group>
  );
}
