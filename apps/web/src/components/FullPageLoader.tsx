import { Center, Loader, VisuallyHidden } from '@mantine/core';

/** Shown while translations or a page's code load; works before translations are available. */
export function FullPageLoader() {
  return (
    <Center mih="100dvh" role="status">
      <Loader color="brand" aria-hidden />
      <VisuallyHidden>Chargement… / Loading…</VisuallyHidden>
    </Center>
  );
}
