import { useEffect, useRef, useState } from 'react';

/**
 * Runs `work` once the browser has shown what is on screen now and is next idle (within two
 * seconds at most): for what a screen can draw without at first, so that it does not take a slow
 * network's bandwidth or a phone's CPU from the screen's first paint. An animation frame comes
 * before the paint of what was just drawn; the frame reaches the screen some tens of milliseconds
 * after that (raster, compositing), and an idle callback alone ran before it in Lighthouse's
 * traces: a tenth of a second more, then the next idle moment. Returns a cancel function.
 */
export function afterPaint(work: () => void): () => void {
  const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 50));
  const cancelIdle = window.cancelIdleCallback ?? window.clearTimeout;
  let timer: number | undefined;
  let idleHandle: number | undefined;
  const frame = window.requestAnimationFrame(() => {
    timer = window.setTimeout(() => {
      idleHandle = idle(work, { timeout: 2000 });
    }, 100);
  });
  return () => {
    window.cancelAnimationFrame(frame);
    window.clearTimeout(timer);
    if (idleHandle !== undefined) cancelIdle(idleHandle);
  };
}

/**
 * A component's code (`preloadable`) fetched once the screen has painted (`afterPaint`): `ready`
 * turns true when it is there (at once if it was already), and `loadNow()` fetches it sooner (a
 * touch on the field that needs it). A failed fetch (offline) leaves `ready` false: the next
 * `loadNow()` tries again.
 */
export function useLoadedAfterPaint(code: { isLoaded: () => boolean; preload: () => Promise<unknown> }): {
  ready: boolean;
  loadNow: () => void;
} {
  const [ready, setReady] = useState(code.isLoaded);
  const load = useRef(() => {});
  useEffect(() => {
    if (ready) return;
    let live = true;
    load.current = () => {
      code.preload().then(
        () => live && setReady(true),
        () => undefined,
      );
    };
    const cancel = afterPaint(() => load.current());
    return () => {
      live = false;
      cancel();
    };
  }, [ready, code]);
  return { ready, loadNow: () => load.current() };
}
