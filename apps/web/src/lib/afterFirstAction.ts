const actions = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'wheel'] as const;

/**
 * Runs `work` once the person has started using the page (a touch, a click, the mouse moving, a
 * key), when the browser is next idle. Work that only speeds up what they may do next (loading
 * other screens' code) waits for it: a phone opening a page spends its CPU and data on that page
 * alone, and the page is ready sooner. Returns a cancel function.
 */
export function afterFirstAction(work: () => void): () => void {
  let idleHandle: number | undefined;
  const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
  const cancelIdle = window.cancelIdleCallback ?? window.clearTimeout;
  const start = () => {
    stopListening();
    idleHandle = idle(work);
  };
  const stopListening = () => {
    for (const action of actions) window.removeEventListener(action, start, true);
  };
  for (const action of actions) window.addEventListener(action, start, { capture: true, passive: true });
  return () => {
    stopListening();
    if (idleHandle !== undefined) cancelIdle(idleHandle);
  };
}

/** Runs each task in its own idle period, so that none makes a long task of them all. */
export function oneByOneWhenIdle(tasks: readonly (() => unknown)[]): () => void {
  let handle: number | undefined;
  let next = 0;
  const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 50));
  const cancelIdle = window.cancelIdleCallback ?? window.clearTimeout;
  const step = () => {
    const task = tasks[next++];
    if (!task) return;
    void Promise.resolve(task()).finally(() => {
      handle = idle(step);
    });
  };
  handle = idle(step);
  return () => {
    next = tasks.length;
    if (handle !== undefined) cancelIdle(handle);
  };
}
