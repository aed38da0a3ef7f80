// Layer order first: Mantine, then the libraries built on it (mantine-datatable, loaded with the
// list screens); the app's own CSS is unlayered and wins over both.
import './app/layers.css';
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import './app/global.css';
import './app/shell/shell.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { preloadAppLayout } from './app/guards.tsx';
import { appRouter } from './app/router.tsx';
import { preloadPage, preloadPageData } from './app/routes.tsx';
import { getSession } from './lib/auth.ts';
import { i18nReady } from './lib/i18n.ts';
import { matchAppRoute } from './lib/routeTable.ts';
import { startServiceWorker } from './lib/serviceWorker.ts';

// The first screen's code is fetched at the same time, not after the translations (the router
// renders nothing until they arrive): one round trip less before a phone's first paint. The
// signed-in layout only with a session.
function firstScreen(): Promise<unknown>[] {
  const startRoute = matchAppRoute(window.location.pathname);
  const loads: Promise<unknown>[] = [i18nReady];
  if (startRoute?.access === 'public') loads.push(preloadPage(window.location.pathname));
  else if (startRoute && getSession() !== null) {
    loads.push(
      preloadAppLayout(),
      preloadPage(window.location.pathname),
      preloadPageData(window.location.pathname),
    );
  }
  return loads;
}

// React renders once the translations and the first screen's code are there (the splash shows
// meanwhile): had the first render suspended on them, its fallback, shown for a moment, would have
// held the screen back by React's reveal throttle (300 ms).
// A transition: React renders the first screen in slices, between which the browser stays free
// to paint and answer a touch, instead of in one long task a phone would feel as a freeze.
// The root is made then too (it binds every event React listens to).
function render() {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

// Asked for in a task of their own: evaluating the app's scripts is the first long task a phone
// meets after the frame's paint, and starting the loads (Vite adds each screen's stylesheet to the
// page) made it a fifth longer. The router is made in the next one, while the code is on its way:
// ranking its routes was the longest slice of the first render.
setTimeout(() => {
  const loaded = Promise.allSettled(firstScreen());
  setTimeout(appRouter, 0);
  void loaded.finally(render);
  // The service worker, for the field's phones: decided once the first screen is on its way.
  void loaded.finally(startServiceWorker);
}, 0);
