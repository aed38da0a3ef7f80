// Layer order first: Mantine, then the libraries built on it (mantine-datatable, loaded with the
// list screens); the app's own CSS is unlayered and wins over both.
import './app/layers.css';
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { preloadStartScreen } from './app/routes.tsx';
import { getSession } from './lib/auth.ts';
import { i18nReady } from './lib/i18n.ts';

// Start fetching the translations before React renders; components suspend until they arrive.
// The first screen's code is fetched at the same time.
void i18nReady;
preloadStartScreen(window.location.pathname, getSession() !== null);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
