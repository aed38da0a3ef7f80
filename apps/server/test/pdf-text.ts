import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** pdftotext (poppler) reads the PDFs back; a laptop without it skips that part and says so. */
export const hasPdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    console.warn(
      'pdftotext is not installed: the PDF read-back test is skipped (apt-get install poppler-utils)',
    );
    return false;
  }
})();

/** A PDF's text as pdftotext lays it out (columns kept). */
export function pdfText(pdf: Buffer): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'sheet-'));
  try {
    writeFileSync(path.join(folder, 'sheet.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', path.join(folder, 'sheet.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
