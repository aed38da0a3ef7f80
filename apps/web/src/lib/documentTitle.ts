import { createContext, useContext, useEffect } from 'react';

/**
 * What the browser tab shows for a page titled `title` ("Connexion · Brigade"). No imports and
 * nothing outside its body: the frame index.html draws before the scripts calls it too
 * (app/shell/shell.ts, serialised by shell-plugin.ts).
 */
export function tabTitle(title: string): string {
  return title ? `${title} · Brigade` : 'Brigade';
}

/**
 * The name of the record whose page is open, set by that page (`useRecordTitle`) and read by the
 * root route, which writes the tab's title: the record's name, else the route's title.
 */
export const RecordTitleContext = createContext<(title: string | null) => void>(() => {});

/**
 * Shows `name` in the browser tab while the calling component is mounted ("Béton Thériault inc. ·
 * Brigade"); the route's own title comes back when it unmounts or `name` is empty.
 */
export function useRecordTitle(name: string | undefined) {
  const setRecordTitle = useContext(RecordTitleContext);
  useEffect(() => {
    if (!name) return;
    setRecordTitle(name);
    return () => setRecordTitle(null);
  }, [name, setRecordTitle]);
}
