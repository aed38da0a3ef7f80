import { Anchor, Box, Container, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Brand } from '../../components/Brand.tsx';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { PageOutlet } from './PageOutlet.tsx';
import classes from './PublicLayout.module.css';

/**
 * Login, password and privacy pages: the brand, a language toggle, one centered card, and the link
 * to the privacy policy (Québec's Law 25) at the foot of each.
 */
export function PublicLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const policy = pathname === '/privacy';
  return (
    <Box className={classes.root}>
      <Box component="header" className={classes.header}>
        <Group justify="space-between" wrap="nowrap">
          <Brand />
          <LanguageSwitch />
        </Group>
      </Box>
      <Container component="main" size={policy ? 760 : 440} px="md" className={classes.main}>
        <PageOutlet />
      </Container>
      {policy ? null : (
        <Box component="footer" className={classes.footer}>
          <Anchor component={Link} to="/privacy" size="sm">
            {t('privacy.policyLink')}
          </Anchor>
        </Box>
      )}
    </Box>
  );
}
