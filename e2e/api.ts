import { readFileSync } from 'node:fs';
import type { Endpoint, Endpoints } from '@brigade/shared/contract';
import type { AnswerOf, CallParts } from '@brigade/shared/endpoint';
import type { APIRequestContext } from '@playwright/test';
import type { Role } from './accounts.ts';
import { authStateFile } from './server-info.ts';

type Input<K extends Endpoint> = CallParts<Endpoints[K]>;
type InputArgs<K extends Endpoint> =
  Record<string, never> extends Input<K> ? [input?: Input<K>] : [input: Input<K>];

/** The token of the session global-setup.ts saved for `role`. */
export function savedToken(role: Role): string {
  const state = JSON.parse(readFileSync(authStateFile(role), 'utf8')) as {
    origins: { localStorage: { name: string; value: string }[] }[];
  };
  const token = state.origins[0]?.localStorage.find((entry) => entry.name === 'brigade.token')?.value;
  if (!token) throw new Error(`no saved session for ${role}`);
  return token;
}

/**
 * The API as `role` (its saved session), typed by the shared contract, for the data a test needs
 * before the screen it is about:
 *
 *   const api = apiAs(request, 'admin');
 *   const client = await api.call('POST /clients', { body: { name, … } });
 *
 * A refused call throws with the server's answer, so a test never goes on with missing data.
 */
export function apiAs(request: APIRequestContext, role: Role) {
  return apiWithToken(request, savedToken(role), role);
}

/** The API as the session of `token` (one a test opened itself: a magic link's), like `apiAs`. */
export function apiWithToken(request: APIRequestContext, token: string, role = 'session') {
  const authorization = `Bearer ${token}`;
  return {
    async call<K extends Endpoint>(key: K, ...[input]: InputArgs<K>): Promise<AnswerOf<Endpoints[K]>> {
      const space = key.indexOf(' ');
      const { params, query, body } = (input ?? {}) as {
        params?: Record<string, unknown>;
        query?: Record<string, string | number | boolean | null | undefined>;
        body?: unknown;
      };
      const path = key
        .slice(space + 1)
        .replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(String(params?.[name])));
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries(query ?? {})) {
        if (value !== undefined && value !== null) search.set(name, String(value));
      }
      const response = await request.fetch(`/api${path}${search.size ? `?${search}` : ''}`, {
        method: key.slice(0, space),
        headers: { authorization },
        ...(body === undefined ? {} : { data: body }),
      });
      if (!response.ok())
        throw new Error(`${key} as ${role}: HTTP ${response.status()} ${await response.text()}`);
      return (response.status() === 204 ? undefined : await response.json()) as AnswerOf<Endpoints[K]>;
    },
  };
}

export type Api = ReturnType<typeof apiAs>;
