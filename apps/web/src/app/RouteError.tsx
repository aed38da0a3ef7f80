import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Component, type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

const chunkReloadKey = 'brigade.reloadedForChunk';

/** After a deploy, an open tab may ask for page chunks that no longer exist: reload once. */
function isChunkLoadError(error: unknown) {
  return (
    error instanceof TypeError && /dynamically imported module|Importing a module script/i.test(error.message)
  );
}

function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();

  useEffect(() => {
    if (isChunkLoadError(error) && sessionStorage.getItem(chunkReloadKey) !== window.location.pathname) {
      sessionStorage.setItem(chunkReloadKey, window.location.pathname);
      window.location.reload();
    }
  }, [error]);

  return (
    <Center component="main" mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={480}>
        <Title order={1} size="h2">
          {t('routeError.title')}
        </Title>
        <Text ta="center">{t('routeError.body')}</Text>
        <Button onClick={() => window.location.assign('/')}>{t('routeError.action')}</Button>
      </Stack>
    </Center>
  );
}

interface Props {
  /** Changing it (a new path) clears the error. */
  resetKey: string;
  children: ReactNode;
}

/** Route `errorElement`: the same page for an error the router itself caught. */
export function RouteErrorPage() {
  return <RouteError error={useRouteError()} />;
}

/** A screen that throws shows a translated error page instead of a blank app. */
export class RouteErrorBoundary extends Component<Props, { error: unknown; key: string }> {
  override state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: unknown; key: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
