import { type ComponentType, createElement, lazy, useState } from 'react';

type Module<P> = { default: ComponentType<P> };

/**
 * A component whose code loads when first drawn, as with React.lazy, but drawn at once when its
 * code is already there (preloaded at start, or ahead of a click). React.lazy suspends at least once
 * whatever happened before, and content under a Suspense fallback shown even for a moment is held
 * back by React's reveal throttle (300 ms): opening the overview paid it twice, for the layout and
 * for the page.
 */
export function preloadable<P extends object>(load: () => Promise<Module<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<Module<P>> | undefined;
  const preload = (): Promise<Module<P>> => {
    loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // The next attempt fetches again (a dropped connection).
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(preload);
  function Preloadable(props: P) {
    // Chosen once per mount: switching from Lazy to the loaded component on a later render would
    // be a different element type to React, so the page would be drawn afresh and lose what was
    // typed in it (a search typed in a picker vanished when the menu's badges refreshed).
    const [component] = useState(() => loaded ?? Lazy);
    return createElement(component, props);
  }
  /** Whether the code is there, so that the component draws without suspending. */
  const isLoaded = () => loaded !== undefined;
  return Object.assign(Preloadable, { preload, isLoaded });
}
