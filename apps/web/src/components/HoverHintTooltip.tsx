// Mantine's tooltip as a module of its own, loaded by HoverHint once the screen has painted.
export { Tooltip as default } from '@mantine/core';
