import type { ReportQuery } from '@brigade/shared/reports';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiError } from '../../lib/api.ts';
import { getToken } from '../../lib/auth.ts';
import { endpointQuery } from '../../lib/queries.ts';
import { fileNameOf, saveBlob } from '../../lib/saveFile.ts';

/** The reports the office may make, in the screen's order, with their formats and filters. */
export const reportsQuery = endpointQuery('GET /reports');

/** A report's first rows and chart for the chosen period and filters; the last one stays while the next loads. */
export const reportPreviewQuery = (type: string, query: ReportQuery) =>
  queryOptions({
    ...endpointQuery('GET /reports/:type/preview', { params: { type }, query }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

/** The URL of a report's document (the API wants the session's token, which a plain link lacks). */
function documentUrl(type: string, query: ReportQuery): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  return `/api/reports/${encodeURIComponent(type)}?${search}`;
}

/**
 * Downloads a report's document as the server streams it, telling `onProgress` how many bytes have
 * come (a long report shows them and can be cancelled through `signal`), then hands the file to the
 * browser. A refusal (the payroll's weeks already exported…) is thrown as the API's error.
 */
export async function downloadReport(
  type: string,
  query: ReportQuery,
  { signal, onProgress }: { signal: AbortSignal; onProgress: (bytes: number) => void },
): Promise<string> {
  const response = await fetch(documentUrl(type, query), {
    headers: { authorization: `Bearer ${getToken()}` },
    signal,
  }).catch((error: unknown) => {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, { code: 'OFFLINE', message: 'network error' });
  });
  if (!response.ok) {
    const body = await response.json().catch(() => null);
    throw new ApiError(response.status, body);
  }
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress(received);
    }
  }
  const name = fileNameOf(response.headers.get('content-disposition'), `${type}.${query.format ?? 'pdf'}`);
  const blob = new Blob(chunks, { type: response.headers.get('content-type') ?? 'application/octet-stream' });
  saveBlob(blob, name);
  return name;
}
