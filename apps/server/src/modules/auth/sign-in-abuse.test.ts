import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { buildTestApp, testPassword } from '../../../test/app.ts';
import { buildApp } from '../../app.ts';

// The throttle's waits (node:timers/promises) run on the clock vi.useFakeTimers controls.
vi.mock('node:timers/promises', async (importOriginal) => ({
  ...(await importOriginal<typeof import('node:timers/promises')>()),
  setTimeout: vi.fn(
    <T>(ms?: number, value?: T) =>
      new Promise<T | undefined>((resolve) => globalThis.setTimeout(resolve, ms, value)),
  ),
}));

const t = await buildTestApp({
  LOGIN_FAILURES_BEFORE_DELAY: '5',
  LOGIN_FAILURE_WINDOW_MINUTES: '15',
  LOGIN_MAX_DELAY_SECONDS: '30',
  FORGOT_PASSWORD_RATE_LIMIT: '20',
  FORGOT_PASSWORD_ACCOUNT_RATE_LIMIT: '2',
});
const waits = vi.mocked(sleep);

/** The test's own clock (timers and Date): nothing here waits for real time to pass. */
function onTestClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  onTestFinished(() => {
    vi.useRealTimers();
  });
}

/** Turns of the event loop until `condition` holds, without moving the test's clock. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * Signs in and lets the clock run exactly as long as the server asks to wait: returns the answer's
 * status and that wait (0 when it answered without one). The answer never comes a millisecond early.
 */
async function signIn(app: typeof t.app, email: string, password: string) {
  const waitsBefore = waits.mock.calls.length;
  let answered = false;
  const response = app
    .inject({ method: 'POST', url: '/api/login', payload: { email, password } })
    .finally(() => {
      answered = true;
    });
  await until(() => answered || waits.mock.calls.length > waitsBefore);
  if (answered) return { status: (await response).statusCode, waitedMs: 0 };
  const waitedMs = Number(waits.mock.lastCall?.[0]);
  await vi.advanceTimersByTimeAsync(waitedMs - 1);
  expect(answered).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  return { status: (await response).statusCode, waitedMs };
}

async function failures(app: typeof t.app, email: string, count: number) {
  const answers = [];
  for (let i = 0; i < count; i++) answers.push(await signIn(app, email, `guess ${i}`));
  return answers;
}

describe('repeated failed sign-ins on one account', () => {
  it('slow it down: after 5 failures each further attempt waits 1 s, 2 s, 4 s… up to 30 s', async () => {
    onTestClock();
    const user = await t.createUser();
    const answers = await failures(t.app, user.email, 12);
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(401));
    expect(answers.map((answer) => answer.waitedMs)).toEqual([
      0, 0, 0, 0, 0, 1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });

  it('never lock the worker out: the right password works after the wait, and starts the count over', async () => {
    onTestClock();
    const user = await t.createUser();
    await failures(t.app, user.email, 20);
    expect(await signIn(t.app, user.email, testPassword)).toEqual({ status: 200, waitedMs: 30000 });
    expect(await signIn(t.app, user.email, 'one more typo')).toEqual({ status: 401, waitedMs: 0 });
  });

  it('leave other accounts alone, and count an unknown e-mail alike (the wait tells no one who has an account)', async () => {
    onTestClock();
    const target = await t.createUser();
    const other = await t.createUser();
    await failures(t.app, target.email, 6);
    expect(await signIn(t.app, other.email, testPassword)).toEqual({ status: 200, waitedMs: 0 });
    const ghost = await failures(t.app, 'nobody-here@example.test', 6);
    expect(ghost.map((answer) => answer.waitedMs)).toEqual([0, 0, 0, 0, 0, 1000]);
  });

  it('are forgotten 15 minutes after the last one', async () => {
    onTestClock();
    const user = await t.createUser();
    await failures(t.app, user.email, 6);
    vi.setSystemTime(Date.now() + 15 * 60_000 + 1);
    expect(await signIn(t.app, user.email, 'fresh start')).toEqual({ status: 401, waitedMs: 0 });
  });

  it('are counted by every server process on the database alike', async () => {
    const second = await buildApp({ config: t.config, database: t.database, jwtSecret: t.jwtSecret });
    onTestFinished(() => second.close());
    onTestClock();
    const user = await t.createUser();
    await failures(t.app, user.email, 5);
    expect(await signIn(second, user.email, 'from the other process')).toEqual({
      status: 401,
      waitedMs: 1000,
    });
    expect(await signIn(t.app, user.email, 'back on the first')).toEqual({ status: 401, waitedMs: 2000 });
  });
});

describe('password-reset requests', () => {
  const forgot = (email: string, remoteAddress = '10.1.1.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      remoteAddress,
      payload: { email },
    });

  it('are limited per account tightly: a third request for one e-mail within 15 minutes is refused', async () => {
    const statuses = [];
    for (const address of ['10.2.0.1', '10.2.0.2', '10.2.0.3']) {
      statuses.push((await forgot('Same.Person@example.test', address)).statusCode);
    }
    expect(statuses).toEqual([202, 202, 429]);
    const refused = await forgot('same.person@example.test', '10.2.0.4');
    expect(refused.json().code).toBe('TOO_MANY_REQUESTS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('do not block a busy office behind one address: twelve workers each get their link', async () => {
    const statuses = [];
    for (let worker = 1; worker <= 12; worker++) {
      statuses.push((await forgot(`worker${worker}@office.test`, '10.3.0.1')).statusCode);
    }
    expect(statuses).toEqual(Array(12).fill(202));
  });
});

describe('guesses of the current password in PUT /users/me (issue 27)', () => {
  /** Changes the password with `current`, letting the clock run as long as the server asks. */
  async function change(headers: Record<string, string>, current: string) {
    const waitsBefore = waits.mock.calls.length;
    let answered = false;
    const response = t.app
      .inject({
        method: 'PUT',
        url: '/api/users/me',
        headers,
        payload: { currentPassword: current, newPassword: 'Chantier-Nouveau-2026' },
      })
      .finally(() => {
        answered = true;
      });
    await until(() => answered || waits.mock.calls.length > waitsBefore);
    if (answered) return { status: (await response).statusCode, waitedMs: 0 };
    const waitedMs = Number(waits.mock.lastCall?.[0]);
    await vi.advanceTimersByTimeAsync(waitedMs);
    return { status: (await response).statusCode, waitedMs };
  }

  it('are slowed down as sign-ins are: after 5 wrong ones each further attempt waits 1 s, 2 s…', async () => {
    onTestClock();
    const { headers } = await t.signedIn('employee');
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await change(headers, `essai ${i}`));
    expect(answers.map((answer) => answer.status)).toEqual(Array(7).fill(400));
    expect(answers.map((answer) => answer.waitedMs)).toEqual([0, 0, 0, 0, 0, 1000, 2000]);
    // The right one still works after its wait.
    expect(await change(headers, testPassword)).toEqual({ status: 200, waitedMs: 4000 });
  });
});
