import { Center, Loader } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router';

/** The page, with the frame (menu, header) kept on screen while the page's code loads. */
export function PageOutlet() {
  return (
    <Suspense
      fallback={
        <Center py="xl">
          <Loader aria-hidden />
        </Center>
      }
    >
      <Outlet />
    </Suspense>
  );
}
