import { Textarea, type TextareaProps } from '@mantine/core';
import type { CSSProperties } from 'react';
import classes from './GrowingTextarea.module.css';

/** This browser sizes a text area to its text by itself (Chromium 123+, Safari 26+). */
const sizesItself = typeof CSS !== 'undefined' && CSS.supports('field-sizing', 'content');

export type GrowingTextareaProps = Omit<TextareaProps, 'autosize' | 'classNames' | 'style' | 'rows'> & {
  style?: CSSProperties;
};

/**
 * A text area that grows with its text, from `minRows` lines up to `maxRows` (then it scrolls).
 *
 * Why not Mantine's `autosize` everywhere: it measures the text area in a layout effect, which
 * makes the browser compute the style and layout of the whole page in the middle of React's
 * commit; on the time logger that was half of the longest task a phone met while the form first
 * drew (150 ms of 300 on a 4× slowed CPU). Where the browser can size the field itself (CSS
 * `field-sizing`), it does so in the page's own layout, at no cost; elsewhere, autosize.
 */
export function GrowingTextarea({ minRows = 2, maxRows, style, ...props }: GrowingTextareaProps) {
  if (!sizesItself) return <Textarea autosize minRows={minRows} maxRows={maxRows} style={style} {...props} />;
  const rows: Record<string, number> = { '--growing-min-rows': minRows };
  if (maxRows !== undefined) rows['--growing-max-rows'] = maxRows;
  return (
    <Textarea rows={minRows} classNames={{ input: classes.input }} style={{ ...rows, ...style }} {...props} />
  );
}
