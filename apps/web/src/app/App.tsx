import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { FullPageLoader } from '../components/FullPageLoader.tsx';
import { ModalsHost } from '../components/ModalsHost.tsx';
import { NewVersionBanner } from '../components/NewVersionBanner.tsx';
import { ToastHost } from '../components/ToastHost.tsx';
import { afterPaint } from '../lib/afterPaint.ts';
import { firstScreenDrawn } from '../lib/firstScreen.ts';
import { allTranslations } from '../lib/i18n.ts';
import { queryClient } from '../lib/queryClient.ts';
import { appRouter } from './router.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

export function App() {
  useEffect(firstScreenDrawn, []);
  // The worker's first screen opened with its own translations: the rest once it has painted.
  useEffect(() => afterPaint(() => void allTranslations().catch(() => undefined)), []);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <ToastHost />
      {/* Confirmation dialogs (lib/confirm.tsx); the provider loads with the first one. */}
      <ModalsHost />
      <NewVersionBanner />
      <QueryClientProvider client={queryClient}>
        {/* First render waits for the translations (spec §1: fetched per language). */}
        <Suspense fallback={<FullPageLoader />}>
          <RouterProvider router={appRouter()} />
        </Suspense>
      </QueryClientProvider>
    </MantineProvider>
  );
}
