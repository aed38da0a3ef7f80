import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's `sm` breakpoint (48em, phones) tables become stacked cards. */
const phoneQuery = '(max-width: 47.99em)';

/** True on phone widths, right from the first render (no table flashing before the cards). */
export function useCardLayout(): boolean {
  return useMediaQuery(phoneQuery, window.matchMedia(phoneQuery).matches, { getInitialValueInEffect: false });
}
