import { useCallback, useEffect, useRef } from 'react';
import { type BlockerFunction, type Location, useBlocker } from 'react-router';
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
 * A form shown over its page with its own URL state (a dialog at `?site=new`) says what leaving it
 * is with `leaves`, so that Back, Escape, ✕ and Annuler all ask the same question:
 *
 *   useUnsavedChangesGuard(form.isDirty(), { leaves: (from, to) => !new URLSearchParams(to.search).has('site') });
 */
export interface UnsavedChangesGuardOptions {
  /** Whether going from `current` to `next` leaves the form; default: the path changes. */
  leaves?: (current: Location, next: Location) => boolean;
}

const pathChanges = (current: Location, next: Location) => current.pathname !== next.pathname;

export function useUnsavedChangesGuard(
  isDirty: boolean,
  { leaves = pathChanges }: UnsavedChangesGuardOptions = {},
): { allowNavigation: () => void } {
  const allowed = useRef(false);
  // A new dirty state (the user edits again after a save) re-arms the guard.
  useEffect(() => {
    if (isDirty) allowed.current = false;
  }, [isDirty]);

  const blocker = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) =>
        isDirty &&
        !allowed.current &&
        (leaves(currentLocation, nextLocation) || pathChanges(currentLocation, nextLocation)),
      [isDirty, leaves],
    ),
  );

  // Ask once per blocked navigation: a new one has a new location, even when the last "Rester" and
  // this Back land in the same render (the state then stays "blocked").
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
  }, [blocker.state, blocker.location]);

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
