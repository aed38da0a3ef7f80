import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';

const t = await buildTestApp({ LOGIN_RATE_LIMIT: '3', FORGOT_PASSWORD_RATE_LIMIT: '2' });
const { app } = t;

describe('rate limits', () => {
  it('slows down password guessing with a 429 and its code', async () => {
    const attempts = [];
    for (let i = 0; i < 4; i++) {
      attempts.push(
        await app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: 'target@example.test', password: `guess-${i}` },
        }),
      );
    }
    expect(attempts.slice(0, 3).map((r) => r.statusCode)).toEqual([401, 401, 401]);
    expect(attempts[3]!.statusCode).toBe(429);
    expect(attempts[3]!.json().code).toBe('TOO_MANY_REQUESTS');
  });

  it('limits password-reset requests', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/forgot-password',
        payload: { email: `someone${i}@example.test` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([202, 202, 429]);
  });

  it('counts each client address separately', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      remoteAddress: '10.9.8.7',
      payload: { email: 'other@example.test' },
    });
    expect(response.statusCode).toBe(202);
  });
});
