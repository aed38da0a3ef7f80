/**
 * Whether the app is still drawing the first screen it opened on (a reload, a link from a text
 * message), as opposed to one reached by navigating inside it. A phone pays for the first screen
 * with everything else that starts at once (the framework's code, the first render), so some
 * screens draw it in two passes (see DataTable); a later screen is drawn in one.
 */
let drawingFirstScreen = true;

export const isFirstScreen = (): boolean => drawingFirstScreen;

/** Called once the first screen is on the page (App's first effect). */
export function firstScreenDrawn(): void {
  drawingFirstScreen = false;
}
