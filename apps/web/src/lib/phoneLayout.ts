/** Below Mantine's `sm` breakpoint (48em): phones, where tables become stacked cards. */
export const phoneQuery = '(max-width: 47.99em)';

/** Whether the screen is a phone's now (first render included). */
export const isPhoneScreen = (): boolean => window.matchMedia(phoneQuery).matches;
