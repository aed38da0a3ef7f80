import { Box, Center, Container, Group, Loader } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Brand } from '../../components/Brand.tsx';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import classes from './PublicLayout.module.css';

/** Login and password pages: the brand, a language toggle and one centered card. */
export function PublicLayout() {
  return (
    <Box className={classes.root}>
      <Box component="header" className={classes.header}>
        <Group justify="space-between" wrap="nowrap">
          <Brand />
          <LanguageSwitch />
        </Group>
      </Box>
      <Container component="main" size={440} px="md" className={classes.main}>
        <Suspense
          fallback={
            <Center py="xl">
              <Loader aria-hidden />
            </Center>
          }
        >
          <Outlet />
        </Suspense>
      </Container>
    </Box>
  );
}
