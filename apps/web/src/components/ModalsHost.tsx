import { lazy, Suspense } from 'react';
import { useModalsHostRequested } from '../lib/modalsHost.ts';

const ModalsProviderHost = lazy(() => import('./ModalsProviderHost.tsx'));

/**
 * Mounted once in App: renders @mantine/modals' ModalsProvider the first time a confirmation is
 * asked for (`confirmAction` in lib/confirm.ts), so public pages never download it.
 */
export function ModalsHost() {
  return useModalsHostRequested() ? (
    <Suspense fallback={null}>
      <ModalsProviderHost />
    </Suspense>
  ) : null;
}
