import { Component, lazy, type ReactNode, Suspense } from 'react';
import { modalsHostFailed, useModalsHostRequested } from '../lib/modalsHost.ts';

const ModalsProviderHost = lazy(() => import('./ModalsProviderHost.tsx'));

/**
 * Mounted once in App: renders @mantine/modals' ModalsProvider the first time a confirmation is
 * asked for (`confirmAction` in lib/confirm.ts), so public pages never download it.
 */
export function ModalsHost() {
  return useModalsHostRequested() ? (
    <WithoutDialogsOnFailure>
      <Suspense fallback={null}>
        <ModalsProviderHost />
      </Suspense>
    </WithoutDialogsOnFailure>
  ) : null;
}

/**
 * Its code not fetched (no network before the first dialog): the app goes on, and `confirmAction`
 * asks with the browser's own dialog instead (lib/confirm.tsx).
 */
class WithoutDialogsOnFailure extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    modalsHostFailed(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
