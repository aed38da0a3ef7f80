import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';
import { modalsHostMounted } from '../lib/modalsHost.ts';

/** ModalsProvider listens to `modals.*` events; its effects run before ours, so it is ready here. */
export default function ModalsProviderHost() {
  useEffect(() => {
    modalsHostMounted();
  }, []);
  return <ModalsProvider modalProps={{ centered: true }} />;
}
