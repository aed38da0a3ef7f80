/**
 * `npm run test:e2e` (after the web build): the browser suite, with any extra Playwright arguments
 * passed through, e.g. `node e2e/run.ts tests/menu.spec.ts`.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const here = import.meta.dirname;
const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
const result = spawnSync(
  process.execPath,
  [cli, 'test', '-c', path.join(here, 'playwright.config.ts'), ...process.argv.slice(2)],
  { cwd: here, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
