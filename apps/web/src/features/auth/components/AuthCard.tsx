import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The centered card of the public pages: a title (the page's h1), an optional lead, the content. */
export function AuthCard({
  title,
  lead,
  children,
}: {
  title: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', xs: 'xl' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {title}
          </Title>
          {lead ? <Text c="dimmed">{lead}</Text> : null}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
