/**
 * Files the API sends (a timesheet's PDF, a report, a person's ZIP, the incident register), handed
 * to the browser to save. They come through `fetch` with the session's token, which a plain link
 * lacks, so the browser is given the bytes under the name the server chose.
 */

/** The file name the server gave (`filename*` in UTF-8 first), else `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A name the browser cannot decode: the plain one below.
    }
  }
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;
}

/** Saves `blob` as `name` (the browser's download). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  // Long enough for the browser to have read it; then the memory is given back.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Saves an answer's body under the name the server gave it (`fallback` without one); returns the name. */
export async function saveResponse(response: Response, fallback: string): Promise<string> {
  const name = fileNameOf(response.headers.get('content-disposition'), fallback);
  saveBlob(await response.blob(), name);
  return name;
}
