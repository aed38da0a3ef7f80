import { Box, Container, Group } from '@mantine/core';
import { Brand } from '../../components/Brand.tsx';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { PageOutlet } from './PageOutlet.tsx';
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
        <PageOutlet />
      </Container>
    </Box>
  );
}
