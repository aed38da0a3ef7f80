import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { FullPageLoader } from '../components/FullPageLoader.tsx';
import { ToastHost } from '../components/ToastHost.tsx';
import { queryClient } from '../lib/queryClient.ts';
import { AppRoutes } from './router.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <ToastHost />
      <QueryClientProvider client={queryClient}>
        {/* First render waits for the translations (spec §1: fetched per language). */}
        <Suspense fallback={<FullPageLoader />}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </Suspense>
      </QueryClientProvider>
    </MantineProvider>
  );
}
