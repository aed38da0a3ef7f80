import type { ApiErrorBody } from '@brigade/shared/errors';
import { clearSession, getToken } from './auth.ts';
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

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Bearer token to send instead of the session's (e.g. a password-reset link token); null: none. */
  token?: string | null;
  /** Public calls (login, forgot password, magic link): a 401 is an answer, not a lost session. */
  public?: boolean;
  signal?: AbortSignal;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const url = `${apiBase}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    throw new ApiError(0, { code: offlineCode, message: 'offline' });
  }
  const sessionToken = options.public ? null : getToken();
  const token = options.token !== undefined ? options.token : sessionToken;
  const hasBody = options.body !== undefined;
  const headers: Record<string, string> = { Accept: 'application/json', 'X-App-Version': appVersion };
  // Every call declares JSON; a body-less write would make the server reject an empty JSON body.
  if (hasBody || method === 'GET') headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: hasBody ? JSON.stringify(options.body) : undefined,
      credentials: 'include',
      signal: options.signal,
    });
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
  return data as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE', body }),
};
