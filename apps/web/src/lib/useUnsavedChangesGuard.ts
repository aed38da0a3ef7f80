import { useCallback, useEffect, useRef } from 'react';
import { type BlockerFunction, useBlocker } from 'react-router';
import { confirmAction } from './confirm.tsx';
import { i18n } from './i18n.ts';

/**
 * While `isDirty`, leaving the page asks "Quitter sans enregistrer ?" (in-app links, Back) and the
 * browser warns on tab close or reload. After a successful save, call `allowNavigation()` before
 * navigating away so the guard does not ask.
 *
 *   const { allowNavigation } = useUnsavedChangesGuard(form.isDirty());
 *   const save = useApiMutation({ …, onSuccess: (client) => { allowNavigation(); navigate(`/clients/${client.id}`); } });
 *
 * Only path changes ask: changing the query string (list state, tabs) of the same page does not.
 */
export function useUnsavedChangesGuard(isDirty: boolean): { allowNavigation: () => void } {
  const allowed = useRef(false);
  // A new dirty state (the user edits again after a save) re-arms the guard.
  useEffect(() => {
    if (isDirty) allowed.current = false;
  }, [isDirty]);

  const blocker = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) =>
        isDirty && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
      [isDirty],
    ),
  );

  // Ask once per blocked navigation (the blocker object is the same until proceed or reset).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new blocked state is what asks
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let cancelled = false;
    void confirmAction({
      title: i18n.t('form.unsavedTitle'),
      message: i18n.t('form.unsavedMessage'),
      confirmLabel: i18n.t('form.leave'),
      cancelLabel: i18n.t('form.stay'),
      danger: true,
    }).then((leave) => {
      if (cancelled) return;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
    return () => {
      cancelled = true;
    };
  }, [blocker.state]);

  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (allowed.current) return;
      event.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  return {
    allowNavigation: useCallback(() => {
      allowed.current = true;
    }, []),
  };
}
