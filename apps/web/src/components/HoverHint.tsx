import { type ReactElement, type ReactNode, useEffect, useState } from 'react';
import { afterPaint } from '../lib/afterPaint.ts';
import { preloadable } from '../lib/preloadable.ts';

const Tooltip = preloadable(() => import('./HoverHintTooltip.tsx'));

/**
 * A tooltip (Mantine's) on an element that is named already (`aria-label`): the hint a mouse gets
 * on hovering it. Its code (the floating layer: about 20 KB on the wire) comes once the screen has
 * painted; until then the element is drawn alone. Used in the signed-in frame, which every phone's
 * first screen draws.
 */
export function HoverHint({ label, children }: { label: ReactNode; children: ReactElement }) {
  const [ready, setReady] = useState(Tooltip.isLoaded);
  useEffect(() => {
    if (ready) return;
    let live = true;
    const cancel = afterPaint(() => {
      Tooltip.preload().then(
        () => live && setReady(true),
        () => undefined,
      );
    });
    return () => {
      live = false;
      cancel();
    };
  }, [ready]);
  return ready ? <Tooltip label={label}>{children}</Tooltip> : children;
}
