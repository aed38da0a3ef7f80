import { useMediaQuery } from '@mantine/hooks';

import { isPhoneScreen, phoneQuery } from '../lib/phoneLayout.ts';

/** True on phone widths, right from the first render (no table flashing before the cards). */
export function useCardLayout(): boolean {
  return useMediaQuery(phoneQuery, isPhoneScreen(), { getInitialValueInEffect: false });
}
