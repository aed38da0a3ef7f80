// Layer order first: Mantine, then the libraries built on it (mantine-datatable, loaded with the
// list screens); the app's own CSS is unlayered and wins over both.
import './app/layers.css';
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { i18nReady } from './lib/i18n.ts';

// Start fetching the translations before React renders; components suspend until they arrive.
void i18nReady;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
