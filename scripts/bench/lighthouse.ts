/**
 * Lighthouse (mobile, its default simulated throttling: a mid-range phone on a slow 4G network)
 * on pages of a running server, in the system Chromium. A signed-in page gets its session written
 * into localStorage beforehand from a same-origin file that loads no script, so the browser
 * cache stays empty and the page is measured as a first visit.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { writeLcpPath } from './lcp-path.ts';

export interface LighthousePage {
  name: string;
  path: string;
  /** localStorage entries to write before the page is opened (a signed-in session). */
  storage?: Record<string, string>;
}

export interface LighthouseScore {
  name: string;
  performance: number;
  accessibility: number;
  /** The metrics behind the performance score, for the reader who wants to know why. */
  metrics: string;
  failedAccessibilityAudits: string[];
}

const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];

const seconds = (ms: number | undefined) => `${((ms ?? 0) / 1000).toFixed(2)} s`;

/** Runs Lighthouse on each page in turn, in one Chromium; `runs` per page, the median kept. */
export async function lighthousePages(
  origin: string,
  pages: LighthousePage[],
  runs = 3,
): Promise<LighthouseScore[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags,
  });
  try {
    const scores: LighthouseScore[] = [];
    for (const page of pages) {
      const attempts: LighthouseScore[] = [];
      // A run Lighthouse could not complete (its report says why) is no score of 0: it is said and
      // run again, a few times at most.
      let failures = 0;
      for (let i = 0; i < runs; i++) {
        if (page.storage) await writeLocalStorage(chrome.port, origin, page.storage);
        const result = await lighthouse(
          `${origin}${page.path}`,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility'],
            // Storage reset would sign the page out; the cache is empty anyway (see above).
            disableStorageReset: Boolean(page.storage),
          },
          // Lighthouse's own mobile defaults: Moto G Power, simulated slow 4G, 4× CPU slowdown.
          undefined,
        );
        if (!result) throw new Error(`Lighthouse gave no result for ${page.path}`);
        // The whole report, to see why (LIGHTHOUSE_REPORT_DIR=… npm run bench).
        if (process.env.LIGHTHOUSE_REPORT_DIR) {
          writeFileSync(
            path.join(process.env.LIGHTHOUSE_REPORT_DIR, `${page.name.replaceAll(' ', '-')}-${i}.json`),
            JSON.stringify(result.lhr),
          );
          // What to shorten (scripts/bench/lcp-path.ts).
          if (process.env.LIGHTHOUSE_LCP_PATH) {
            writeLcpPath(
              path.join(
                process.env.LIGHTHOUSE_REPORT_DIR,
                `${page.name.replaceAll(' ', '-')}-${i}.lcp-path.txt`,
              ),
            );
          }
        }
        const { categories, audits, runtimeError } = result.lhr;
        if (typeof categories.performance?.score !== 'number' && failures < 3) {
          failures += 1;
          console.log(
            `  Lighthouse could not measure ${page.path} (${runtimeError?.code ?? 'no score'}: ${runtimeError?.message ?? ''}); run again`,
          );
          if (page.storage) await clearBrowserData(chrome.port, origin);
          i -= 1;
          continue;
        }
        const numeric = (id: string) => audits[id]?.numericValue;
        attempts.push({
          name: page.name,
          performance: Math.round((categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
          metrics: [
            `FCP ${seconds(numeric('first-contentful-paint'))}`,
            `LCP ${seconds(numeric('largest-contentful-paint'))}`,
            `TBT ${Math.round(numeric('total-blocking-time') ?? 0)} ms`,
            `CLS ${(numeric('cumulative-layout-shift') ?? 0).toFixed(3)}`,
            `SI ${seconds(numeric('speed-index'))}`,
            `${Math.round((numeric('total-byte-weight') ?? 0) / 1024)} KB moved`,
          ].join(', '),
          failedAccessibilityAudits: (categories.accessibility?.auditRefs ?? [])
            .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
            .map((ref) => ref.id),
        });
        const attempt = attempts.at(-1)!;
        console.log(`  ${page.name}, run ${i + 1}: performance ${attempt.performance}; ${attempt.metrics}`);
        if (page.storage) await clearBrowserData(chrome.port, origin);
      }
      attempts.sort((a, b) => a.performance - b.performance);
      const median = attempts[Math.floor(attempts.length / 2)];
      if (median) scores.push(median);
    }
    return scores;
  } finally {
    chrome.kill();
  }
}

/** Opens a page target over the DevTools protocol, runs `work` with a send function, closes it. */
async function withTarget<T>(
  port: number,
  work: (send: (method: string, params?: object) => Promise<unknown>) => Promise<T>,
): Promise<T> {
  const target = (await (
    await fetch(`http://127.0.0.1:${port}/json/new?about:blank`, { method: 'PUT' })
  ).json()) as {
    id: string;
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let nextId = 0;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as {
      id?: number;
      result?: unknown;
      error?: { message: string };
    };
    const waiting = message.id === undefined ? undefined : pending.get(message.id);
    if (!waiting) return;
    if (message.error) waiting.reject(new Error(message.error.message));
    else waiting.resolve(message.result);
  };
  const send = (method: string, params: object = {}) =>
    new Promise((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });
  try {
    return await work(send);
  } finally {
    socket.close();
    await fetch(`http://127.0.0.1:${port}/json/close/${target.id}`);
  }
}

/** Writes the entries into the origin's localStorage from its favicon (no script, nothing cached but it). */
export async function writeLocalStorage(port: number, origin: string, entries: Record<string, string>) {
  await withTarget(port, async (send) => {
    await send('Page.enable');
    await send('Page.navigate', { url: `${origin}/favicon.svg` });
    await new Promise((resolve) => setTimeout(resolve, 500));
    await send('Runtime.evaluate', {
      expression: `(${(values: Record<string, string>) => {
        for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
      }})(${JSON.stringify(entries)})`,
    });
    await send('Network.enable');
    await send('Network.clearBrowserCache');
  });
}

/** Clears the origin's storage and the cache between runs, as Lighthouse's own reset would. */
async function clearBrowserData(port: number, origin: string) {
  await withTarget(port, async (send) => {
    await send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    await send('Network.enable');
    await send('Network.clearBrowserCache');
  });
}

/** Lighthouse's "slow 4G" for the DevTools-applied throttling (its simulated one's numbers, applied). */
const slow4G = {
  rttMs: 150,
  throughputKbps: 1.6 * 1024,
  requestLatencyMs: 150 * 3.75,
  downloadThroughputKbps: 1.6 * 1024 * 0.9,
  uploadThroughputKbps: 750 * 0.9,
  cpuSlowdownMultiplier: 4,
};

export interface InstalledAppResult {
  /** Chrome's reasons not to offer installing the page (none: installable). */
  installabilityErrors: string[];
  /** The repeat visit, with the service worker installed: first and largest paint, in ms. */
  repeatFcpMs: number;
  repeatLcpMs: number;
}

/**
 * The page as an installed app on a worker's phone (issue 25, point 3): a first visit installs the
 * service worker (from a first touch, awaited until it answers the page), Chrome says whether the page can be installed,
 * then Lighthouse measures a repeat visit on slow 4G with a 4× slower CPU. The throttling is
 * applied by DevTools, not simulated: a simulation would count every file as fetched over the
 * network again, while the service worker answers them from the phone.
 */
export async function installedApp(
  origin: string,
  page: Required<Pick<LighthousePage, 'path' | 'storage'>>,
): Promise<InstalledAppResult> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags,
  });
  try {
    await writeLocalStorage(chrome.port, origin, page.storage);
    const installabilityErrors = await withTarget(chrome.port, async (send) => {
      await send('Page.enable');
      const controlled = async () => {
        for (let waited = 0; waited < 30_000; waited += 250) {
          const answer = (await send('Runtime.evaluate', {
            expression: 'Boolean(navigator.serviceWorker.controller)',
            returnByValue: true,
          })) as { result: { value?: boolean } };
          if (answer.result.value) return;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        throw new Error(`the service worker never took ${page.path}`);
      };
      await send('Page.navigate', { url: `${origin}${page.path}` });
      await new Promise((resolve) => setTimeout(resolve, 3000));
      // The app installs the worker from the person's first touch on (src/lib/serviceWorker.ts).
      await send('Input.dispatchMouseEvent', { type: 'mouseMoved', x: 100, y: 200 });
      await controlled();
      // Opened again, its reads go through the worker, which keeps them.
      await send('Page.navigate', { url: `${origin}${page.path}` });
      await controlled();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const { installabilityErrors } = (await send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      return installabilityErrors.map((error) => error.errorId);
    });
    const result = await lighthouse(
      `${origin}${page.path}`,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: true,
        throttlingMethod: 'devtools',
        throttling: slow4G,
      },
      undefined,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${page.path} (repeat visit)`);
    if (process.env.LIGHTHOUSE_REPORT_DIR) {
      writeFileSync(
        path.join(process.env.LIGHTHOUSE_REPORT_DIR, 'repeat-visit.json'),
        JSON.stringify(result.lhr),
      );
    }
    const numeric = (id: string) => Math.round(result.lhr.audits[id]?.numericValue ?? Number.NaN);
    return {
      installabilityErrors,
      repeatFcpMs: numeric('first-contentful-paint'),
      repeatLcpMs: numeric('largest-contentful-paint'),
    };
  } finally {
    chrome.kill();
  }
}
