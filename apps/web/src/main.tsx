// Layer order first: Mantine, then the libraries built on it (mantine-datatable, loaded with the
// list screens); the app's own CSS is unlayered and wins over both.
import './app/layers.css';
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { preloadAppLayout } from './app/guards.tsx';
import { preloadPage } from './app/routes.tsx';
import { getSession } from './lib/auth.ts';
import { i18nReady } from './lib/i18n.ts';
import { matchAppRoute } from './lib/routeTable.ts';

// Start fetching the translations before React renders; components suspend until they arrive.
void i18nReady;

// The first screen's code is fetched at the same time, not after the translations (the router
// renders nothing until they arrive): one round trip less before a phone's first paint. The
// signed-in layout only with a session.
const startRoute = matchAppRoute(window.location.pathname);
if (startRoute?.access === 'public') preloadPage(window.location.pathname);
else if (startRoute && getSession() !== null) {
  preloadAppLayout();
  preloadPage(window.location.pathname);
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
