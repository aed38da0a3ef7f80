import { getSession } from '../../lib/auth.ts';

/**
 * The logger's form as it was being typed, kept on the phone: a reload, a browser that dropped the
 * tab while the camera was open, or a slip of the thumb on "back" gives the hours back as they were
 * (comment and parking included), with the same idempotency key. Kept for half a day, per person.
 */
export interface TimeEntryDraft<Values> {
  values: Values;
  /** The site picked by search, named (the picker shows it again). */
  siteName: string;
  savedAt: number;
}

const lifetimeMs = 12 * 3600_000;
const prefix = 'brigade.logDraft:';

/** Where a draft of this form waits: per person signed in, and per entry (or new entry's day). */
export function draftKey(target: {
  entryId?: string;
  employeeId?: string;
  workDate?: string;
}): string | null {
  const userId = getSession()?.user.id;
  if (!userId) return null;
  const what = target.entryId
    ? `entry:${target.entryId}`
    : `new:${target.employeeId ?? 'own'}:${target.workDate ?? 'today'}`;
  return `${prefix}${userId}:${what}`;
}

export function loadDraft<Values>(key: string | null): TimeEntryDraft<Values> | null {
  if (!key) return null;
  try {
    const draft = JSON.parse(localStorage.getItem(key) ?? 'null') as TimeEntryDraft<Values> | null;
    if (draft && Date.now() - draft.savedAt < lifetimeMs) return draft;
    localStorage.removeItem(key);
  } catch {
    // Unreadable (or storage refused): no draft.
  }
  return null;
}

export function saveDraft<Values>(key: string | null, values: Values, siteName: string): void {
  if (!key) return;
  try {
    localStorage.setItem(key, JSON.stringify({ values, siteName, savedAt: Date.now() }));
  } catch {
    // Private browsing or a full storage: the form still works, only without its copy.
  }
}

export function clearDraft(key: string | null): void {
  if (key) localStorage.removeItem(key);
}

/** Drafts past their half day, and every draft of someone else (a shared phone), are forgotten. */
export function forgetStaleDrafts(): void {
  const mine = `${prefix}${getSession()?.user.id ?? ''}:`;
  for (let index = localStorage.length - 1; index >= 0; index--) {
    const key = localStorage.key(index);
    if (!key?.startsWith(prefix)) continue;
    if (!key.startsWith(mine)) localStorage.removeItem(key);
    else loadDraft(key);
  }
}
