import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';
import { accentInsensitiveFilter } from '../lib/optionsFilter.ts';

/** Construction-safety orange; shade 6 (filled buttons, links) keeps 5.6:1 contrast with white. */
const brand: MantineColorsTuple = [
  '#fff4ec',
  '#ffe8d9',
  '#fecdaf',
  '#fdae80',
  '#f98e52',
  '#ec6e2b',
  '#b93d0b',
  '#9f3409',
  '#852b07',
  '#6b2306',
];

const fontFamily =
  'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 6,
  colors: { brand },
  fontFamily,
  // A page's title names it without taking the screen: Mantine's 34 px h1 pushed the list down.
  headings: {
    fontFamily,
    fontWeight: '700',
    sizes: { h1: { fontSize: '1.625rem', lineHeight: '1.3' } },
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // A phone set to reduce motion gets menus, dialogs and toasts without their animations.
  respectReducedMotion: true,
  components: {
    Title: { defaultProps: { c: 'dark.8' } },
    // Every picker matches what is typed whatever its accents and case (lib/optionsFilter.ts). Plain
    // defaults rather than `Select.extend()`: the theme loads with the login page, the pickers later.
    Select: { defaultProps: { filter: accentInsensitiveFilter } },
    MultiSelect: { defaultProps: { filter: accentInsensitiveFilter } },
    Autocomplete: { defaultProps: { filter: accentInsensitiveFilter } },
    TagsInput: { defaultProps: { filter: accentInsensitiveFilter } },
    // A closed picker's list is not kept in the page (Mantine 9 keeps it, hidden): each kept list
    // is placed on the screen when the page opens, a style recalculation for each, which a list's
    // filters made the heaviest part of a phone's first render.
    Combobox: { defaultProps: { keepMounted: false } },
  },
});

/**
 * Mantine's default dimmed grey (gray.6) is below 4.5:1 on white; use gray.7 instead. Likewise its
 * error red (red.6, 3.3:1) for field errors and invalid inputs: red.9 keeps 5.5:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
