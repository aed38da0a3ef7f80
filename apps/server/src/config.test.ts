import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  it('refuses ADMIN_EMAIL without ADMIN_PASSWORD, and the reverse, saying why', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'chef@example.test' })).toThrow(
      /ADMIN_EMAIL: ADMIN_EMAIL and ADMIN_PASSWORD go together/,
    );
    expect(() => loadConfig({ ADMIN_PASSWORD: 'a long password' })).toThrow(
      /ADMIN_EMAIL and ADMIN_PASSWORD go together/,
    );
    // An empty variable counts as unset.
    expect(() => loadConfig({ ADMIN_EMAIL: 'chef@example.test', ADMIN_PASSWORD: '' })).toThrow(/go together/);
  });

  it('accepts both or neither, and refuses an ADMIN_EMAIL that is not one', () => {
    expect(loadConfig({ ADMIN_EMAIL: 'chef@example.test', ADMIN_PASSWORD: 'a long password' })).toMatchObject(
      {
        ADMIN_EMAIL: 'chef@example.test',
        ADMIN_PASSWORD: 'a long password',
      },
    );
    expect(loadConfig({ ADMIN_EMAIL: '', ADMIN_PASSWORD: '' }).ADMIN_EMAIL).toBeUndefined();
    expect(() => loadConfig({ ADMIN_EMAIL: 'chef', ADMIN_PASSWORD: 'a long password' })).toThrow(
      /ADMIN_EMAIL/,
    );
  });

  it('limits password-reset requests loosely per client address and tightly per account by default', () => {
    // A whole office may share one address; nobody needs more than a few links for one account.
    expect(loadConfig({})).toMatchObject({
      FORGOT_PASSWORD_RATE_LIMIT: 50,
      FORGOT_PASSWORD_ACCOUNT_RATE_LIMIT: 3,
    });
    expect(loadConfig({})).toMatchObject({
      LOGIN_FAILURES_BEFORE_DELAY: 5,
      LOGIN_FAILURE_WINDOW_MINUTES: 15,
      LOGIN_MAX_DELAY_SECONDS: 30,
    });
  });
});
