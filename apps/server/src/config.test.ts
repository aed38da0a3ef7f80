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
});
