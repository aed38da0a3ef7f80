import type { TimeEntryInputParsed } from '@brigade/shared/time-entries';
import { useQueryClient } from '@tanstack/react-query';
import { del as forgetPhotos, set as keepPhotos, get as readPhotos } from 'idb-keyval';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, offlineCode } from '../../lib/api.ts';
import { getSession } from '../../lib/auth.ts';
import { errorMessage } from '../../lib/errors.ts';
import { refreshResources } from '../../lib/queries.ts';
import { toast } from '../../lib/toast.tsx';
import { addPhoto, createTimeEntry } from './api.ts';

/**
 * Hours typed without network (a basement, a tower crane's cab) wait on the phone and go when the
 * network comes back. Each keeps the idempotency key the form made, so one that did reach the
 * server before the network dropped is written once, however often it is sent again.
 */
export interface QueuedEntry {
  userId: string;
  input: TimeEntryInputParsed & { idempotencyKey: string };
  /** The site's name, to show the entry while it waits. */
  siteName: string;
  queuedAt: string;
  /** The server's refusal, once it answered: the worker corrects it from the form. */
  error?: string;
  /** Receipt photos waiting with it (kept in IndexedDB: too big for localStorage). */
  photos?: number;
  /** The entry, once written: its photos are what still waits. */
  entryId?: string;
}

/** Where an entry's photos wait, under its idempotency key. */
const photosKey = (idempotencyKey: string) => `brigade.offlinePhotos:${idempotencyKey}`;

const storageKey = 'brigade.offlineEntries';
const listeners = new Set<() => void>();
let cache: QueuedEntry[] | null = null;

function readAll(): QueuedEntry[] {
  if (cache) return cache;
  try {
    cache = JSON.parse(localStorage.getItem(storageKey) ?? '[]') as QueuedEntry[];
  } catch {
    cache = [];
  }
  return cache;
}

function writeAll(entries: QueuedEntry[]): void {
  cache = entries;
  localStorage.setItem(storageKey, JSON.stringify(entries));
  for (const listener of listeners) listener();
}

// Another tab of the phone's browser queued or sent some.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== storageKey) return;
    cache = null;
    for (const listener of listeners) listener();
  });
}

/**
 * The toast that says an entry was kept on the phone: it stands for a moment only (the page's
 * waiting-entries panel says it as long as it is true), and goes as soon as the network is back.
 */
export const queuedToastId = 'time-entry-queued';

export const isOffline = (error: unknown) => error instanceof ApiError && error.code === offlineCode;

/** Keeps an entry (and the receipt photos taken with it) on the phone until the network is back. */
export async function queueEntry(input: QueuedEntry['input'], siteName: string, photos: File[] = []) {
  const userId = getSession()?.user.id;
  if (!userId) return;
  // The photos first: an entry never says it has photos that are not kept.
  if (photos.length) await keepPhotos(photosKey(input.idempotencyKey), photos);
  const others = readAll().filter((entry) => entry.input.idempotencyKey !== input.idempotencyKey);
  const queued: QueuedEntry = { userId, input, siteName, queuedAt: new Date().toISOString() };
  if (photos.length) queued.photos = photos.length;
  writeAll([...others, queued]);
}

export function dropQueuedEntry(idempotencyKey: string): void {
  writeAll(readAll().filter((entry) => entry.input.idempotencyKey !== idempotencyKey));
  void forgetPhotos(photosKey(idempotencyKey));
}

function updateQueued(idempotencyKey: string, change: Partial<QueuedEntry>): void {
  writeAll(
    readAll().map((each) => (each.input.idempotencyKey === idempotencyKey ? { ...each, ...change } : each)),
  );
}

/** Sends one waiting entry, then its photos one by one (each sent is no longer kept). */
async function sendQueued(entry: QueuedEntry): Promise<void> {
  const key = entry.input.idempotencyKey;
  let entryId = entry.entryId;
  if (!entryId) {
    entryId = (await createTimeEntry.mutationFn(entry.input)).id;
    if (entry.photos) updateQueued(key, { entryId });
  }
  const photos = (await readPhotos<File[]>(photosKey(key))) ?? [];
  while (photos.length) {
    await addPhoto(entryId).mutationFn(photos[0] as File);
    photos.shift();
    if (photos.length) await keepPhotos(photosKey(key), photos);
    updateQueued(key, { photos: photos.length });
  }
  dropQueuedEntry(key);
}

/** What one sending of the waiting entries did: how many went, how many the server refused. */
export interface FlushResult {
  sent: number;
  refused: number;
}

let flushing: Promise<FlushResult> | null = null;

/**
 * Sends the signed-in user's waiting entries, oldest first; stops at the first lost network. An
 * entry the server refuses (days offline: the week approved meanwhile, an overlap, the site
 * closed…) stays on the phone with the server's reason beside it, for the worker to correct or
 * drop: nothing goes silently.
 */
export function flushQueue(): Promise<FlushResult> {
  flushing ??= (async () => {
    const userId = getSession()?.user.id;
    const result: FlushResult = { sent: 0, refused: 0 };
    for (const entry of readAll().filter((each) => each.userId === userId && !each.error)) {
      try {
        await sendQueued(entry);
        result.sent += 1;
      } catch (error) {
        if (isOffline(error) || !(error instanceof ApiError) || error.status >= 500) break;
        updateQueued(entry.input.idempotencyKey, { error: errorMessage(error) });
        result.refused += 1;
      }
    }
    return result;
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

/** The signed-in user's entries waiting on this phone. */
export function useQueuedEntries(): QueuedEntry[] {
  const all = useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, readAll);
  const userId = getSession()?.user.id;
  return all.filter((entry) => entry.userId === userId);
}

/** Sends what waits when the page opens and whenever the network comes back; says how many went. */
export function useQueueFlusher(): void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useEffect(() => {
    const flush = async () => {
      if (!readAll().length) return;
      const { sent, refused } = await flushQueue();
      if (sent || refused) toast.hide(queuedToastId);
      if (refused) toast.warning(t('timeEntries.queueRefused', { count: refused }));
      if (sent) {
        toast.success(t('timeEntries.queueSent', { count: sent }));
        // What the entries it sent change, as when each is saved online.
        await refreshResources(queryClient, createTimeEntry.changes);
      }
    };
    const backOnline = () => {
      toast.hide(queuedToastId);
      void flush();
    };
    void flush();
    window.addEventListener('online', backOnline);
    return () => window.removeEventListener('online', backOnline);
  }, [queryClient, t]);
}
