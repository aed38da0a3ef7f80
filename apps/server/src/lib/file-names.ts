/** The extension a file of this (sniffed) type is named with. */
const extensions: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/**
 * Bidirectional controls (LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI, LRM, RLM, ALM): with
 * U+202E "cv\u202Efdp.exe" shows as "cvexe.pdf". None belongs in a file name.
 */
const bidiControls = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A file name fit to keep and to send back, whatever the uploader called it: its last path part,
 * no control or bidirectional characters, its own extension replaced by the one of its real type
 * (a PDF named "cv.html" is "cv.pdf"), 120 characters at most; `fallback` when nothing is left.
 */
export function safeFileName(name: string | undefined, contentType: string, fallback: string): string {
  let decoded = name ?? '';
  try {
    decoded = decodeURIComponent(decoded);
  } catch {
    // sent unencoded: kept as it came
  }
  const lastPart = decoded.split(/[\\/]/).pop() ?? '';
  const printable = [...lastPart.normalize('NFC').replace(bidiControls, '')]
    .filter((character) => character >= ' ' && !(character >= '\u007f' && character <= '\u009f'))
    .filter((character) => character !== '"')
    .join('');
  const extension = extensions[contentType] ?? 'bin';
  // The name without its own extension ("cv.html" → "cv"), nor dots or spaces at either end.
  const base = printable
    .replace(/\.[^.\s]{1,10}$/, '')
    .replace(/^[\s.]+|[\s.]+$/g, '')
    .slice(0, 120 - extension.length - 1);
  return `${base || fallback}.${extension}`;
}

/** RFC 5987 attr-char: what may stay unencoded in `filename*=`. */
const encodeAttrValue = (value: string) =>
  encodeURIComponent(value).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * `Content-Disposition: attachment` with the name twice (RFC 6266): an ASCII `filename=` for old
 * clients (accents dropped, anything else an underscore) and the exact `filename*=UTF-8''…`.
 * Served as an attachment, a file never runs as a page of the app, whatever it holds.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeAttrValue(fileName)}`;
}
