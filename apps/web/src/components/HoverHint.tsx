import type { ReactElement, ReactNode } from 'react';
import { useLoadedAfterPaint } from '../lib/afterPaint.ts';
import { preloadable } from '../lib/preloadable.ts';

const Tooltip = preloadable(() => import('./HoverHintTooltip.tsx'));

/**
 * A tooltip (Mantine's) on an element that is named already (`aria-label`): the hint a mouse gets
 * on hovering it. Its code (the floating layer: about 20 KB on the wire) comes once the screen has
 * painted; until then the element is drawn alone. Used in the signed-in frame, which every phone's
 * first screen draws.
 */
export function HoverHint({ label, children }: { label: ReactNode; children: ReactElement }) {
  const { ready } = useLoadedAfterPaint(Tooltip);
  return ready ? <Tooltip label={label}>{children}</Tooltip> : children;
}
