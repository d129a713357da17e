import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { freePort } from '@app/infra/dist/free-port';
import { newStaffToken, startPlatform } from '@app/infra/dist/platform';
import { judge, percentiles, progress } from './support';

/**
 * The web client's figures (issues 6 and 7) in Debian's Chromium against the running platform:
 * - the question list's render time after its data arrives: from the end of the
 *   `coding-questions/list` response (Resource Timing) to the frame in which every row is in the
 *   document (a MutationObserver and the next animation frame), cold page loads, anonymous. Every row:
 *   as many `li[data-question]` as the response has questions, so a list that showed its rows in
 *   several steps would be timed at its last;
 * - the gzipped JavaScript each route's first page loads (web/scripts/first-page-weight.mjs).
 */
export async function measureWeb(options: { dataDir: string; loads: number }) {
  const repoRoot = path.resolve(__dirname, '../../..');
  const weights = JSON.parse(
    execFileSync('node', [path.join(repoRoot, 'web/scripts/first-page-weight.mjs')], { encoding: 'utf8' }),
  ) as { entryKb: number; shellKb: number; routes: { route: string; firstPageKb: number }[] };

  const port = await freePort();
  const platform = await startPlatform({
    port,
    host: '127.0.0.1',
    dataDir: options.dataDir,
    staffToken: newStaffToken(),
    log: (line) => progress(`platform: ${line}`),
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const samples: number[] = [];
    let rows = 0;
    for (let i = 0; i < options.loads; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      // Page-side code as text: this project compiles without the DOM's types. Each time the number of
      // rows grows, the next animation frame is noted with it.
      await page.addInitScript({
        content: `
          window.__rowFrames = [];
          let rowsSeen = 0;
          const observer = new MutationObserver(() => {
            const count = document.querySelectorAll('li[data-question]').length;
            if (count <= rowsSeen) return;
            rowsSeen = count;
            requestAnimationFrame(() => window.__rowFrames.push([count, performance.now()]));
          });
          document.addEventListener('DOMContentLoaded', () =>
            observer.observe(document.body, { childList: true, subtree: true }));`,
      });
      const listResponse = page.waitForResponse((response) =>
        response.url().includes('/coding-questions/list'),
      );
      await page.goto(`${platform.url}/questions`);
      const expected = ((await (await listResponse).json()) as { questions: unknown[] }).questions.length;
      if (expected === 0) throw new Error('the list call answered no question');
      await page.waitForFunction(`window.__rowFrames.some(([count]) => count >= ${expected})`);
      const timing = (await page.evaluate(`(() => {
        const entry = performance.getEntriesByType('resource').find((e) => e.name.includes('/coding-questions/list'));
        return {
          dataArrived: entry ? entry.responseEnd : NaN,
          rendered: window.__rowFrames.find(([count]) => count >= ${expected})[1],
          rows: document.querySelectorAll('li[data-question]').length,
        };
      })()`)) as { dataArrived: number; rendered: number; rows: number };
      if (!Number.isFinite(timing.dataArrived)) throw new Error('the list call was not seen by the page');
      // The first load warms the platform's caches and the browser's code cache: not counted.
      if (i > 0) samples.push(timing.rendered - timing.dataArrived);
      rows = timing.rows;
      await context.close();
    }
    const render = percentiles(samples);
    const product = weights.routes.find((r) => r.route === '/product')?.firstPageKb ?? NaN;
    return {
      questionListRender: {
        ...judge(render.p95, {
          atMost: 100,
          unit: 'ms (p95) from the list response to the frame showing every row',
        }),
        ...render,
        loads: samples.length,
        rows,
      },
      firstPageJs: {
        ...judge(product, {
          atMost: 150,
          unit: 'kB gzipped JS, first page of an anonymous visitor (/product)',
        }),
        entry: weights.entryKb,
        shell: weights.shellKb,
        perRoute: Object.fromEntries(weights.routes.map((r) => [r.route, r.firstPageKb])),
      },
    };
  } finally {
    await browser.close();
    await platform.stop();
  }
}
