// Types only from the contract: the web's bundle never carries the API's schemas.
import type { Endpoint, Endpoints } from '@brigade/shared/contract';
import type { AnswerOf, CallParts } from '@brigade/shared/endpoint';
import type { ApiErrorBody } from '@brigade/shared/errors';
import { clearSession, getToken } from './auth.ts';
import { takeEarly } from './earlyData.ts';
import { servedByServiceWorker } from './serviceWorker.ts';
import { appVersion, reloadIfServerIsNewer } from './version.ts';

const apiBase = '/api';

/** Client-side code for "the request never reached the server" (offline, DNS, connection reset). */
export const offlineCode = 'OFFLINE';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly details: ApiErrorBody['details'];

  constructor(status: number, body: Partial<ApiErrorBody> | null) {
    super(body?.message ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = typeof body?.code === 'string' ? body.code : null;
    this.details = body?.details;
  }

  /** Field errors of a VALIDATION_FAILED answer, keyed by path. */
  get fieldErrors(): Record<string, string> {
    const fields = this.details?.fields ?? [];
    return Object.fromEntries(fields.map((field) => [field.path, field.message]));
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

type QueryValue = string | number | boolean | null | undefined;

/** How a call is made, besides what it sends. */
export interface CallOptions {
  /** Bearer token to send instead of the session's (e.g. a password-reset link token); null: none. */
  token?: string | null;
  /** Public calls (login, forgot password, magic link): a 401 is an answer, not a lost session. */
  public?: boolean;
  signal?: AbortSignal;
  /** A file sent as the body, as it is (a CV): its type, and its name in X-File-Name. */
  upload?: File;
}

/** What a call to endpoint `K` sends: its path params, query and body, typed by the contract. */
export type CallInput<K extends Endpoint> = CallParts<Endpoints[K]> & CallOptions;

/** What endpoint `K` answers. */
export type Answer<K extends Endpoint> = AnswerOf<Endpoints[K]>;

/** The input may be left out when the endpoint needs nothing. */
type InputArgs<K extends Endpoint> =
  Record<string, never> extends Omit<CallInput<K>, keyof CallOptions>
    ? [input?: CallInput<K>]
    : [input: CallInput<K>];

/** `/clients/:id` with `{ id }` → `/clients/6f1…`. */
function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} in ${path}`);
    return encodeURIComponent(String(value));
  });
}

function buildUrl(path: string, query: Record<string, QueryValue> | undefined): string {
  const url = `${apiBase}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/**
 * Calls an endpoint of the contract (packages/shared/src/contract.ts) by its key; what it sends and
 * answers are the contract's types, so a field changed on the server fails the web's type check:
 *
 *   const client = await call('GET /clients/:id', { params: { id } });
 *   await call('PUT /skills/:id', { params: { id }, body: fields });
 */
export async function call<K extends Endpoint>(key: K, ...[input]: InputArgs<K>): Promise<Answer<K>> {
  const space = key.indexOf(' ');
  const method = key.slice(0, space);
  const { params, query, body, ...options } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, QueryValue>;
    body?: unknown;
  } & CallOptions;
  // Without network a read still goes to the service worker, which has kept the worker's own
  // screens' last answers (apps/web/vite.config.ts); anything else fails at once, as it did.
  if (
    typeof navigator !== 'undefined' &&
    navigator.onLine === false &&
    !(method === 'GET' && servedByServiceWorker())
  ) {
    throw new ApiError(0, { code: offlineCode, message: 'offline' });
  }
  const sessionToken = options.public ? null : getToken();
  const token = options.token !== undefined ? options.token : sessionToken;
  const hasBody = body !== undefined;
  const headers: Record<string, string> = { Accept: 'application/json', 'X-App-Version': appVersion };
  // Every call declares JSON; a body-less write would make the server reject an empty JSON body.
  if (options.upload) {
    headers['Content-Type'] = options.upload.type || 'application/octet-stream';
    headers['X-File-Name'] = encodeURIComponent(options.upload.name);
  } else if (hasBody || method === 'GET') headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  const url = buildUrl(fillPath(key.slice(space + 1), params), query);
  try {
    // The first screen's data the page asked for itself (lib/earlyData.ts), with this session.
    const early = method === 'GET' && token === sessionToken ? takeEarly(url) : undefined;
    response = await (early ??
      fetch(url, {
        method,
        headers,
        body: options.upload ?? (hasBody ? JSON.stringify(body) : undefined),
        credentials: 'include',
        signal: options.signal,
      }));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, { code: offlineCode, message: 'network error' });
  }

  reloadIfServerIsNewer(response.headers.get('X-App-Version'));

  const text = response.status === 204 ? '' : await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }

  if (!response.ok) {
    // The session token was refused: it was revoked or expired on the server. The route guard
    // sends the user to the login page and back here after signing in.
    if (response.status === 401 && token && token === sessionToken) clearSession();
    throw new ApiError(response.status, (data as Partial<ApiErrorBody> | undefined) ?? null);
  }
  return data as Answer<K>;
}
