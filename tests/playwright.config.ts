import { defineConfig } from '@playwright/test';
import {
  E2E_BASE_URL,
  E2E_PORT,
  E2E_STAFF_TOKEN,
  E2E_STRIPE_WEBHOOK_SECRET,
} from './e2e/support/environment';

/**
 * End-to-end tests against the whole platform as `npm start` runs it (embedded PostgreSQL, both services
 * and the gateway serving web/dist and /api), driven through Debian's Chromium: no browser download.
 * Build first: `npm run build && npx playwright test -c tests/playwright.config.ts`.
 */
export default defineConfig({
  testDir: './e2e',
  workers: 1,
  retries: 0,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node infra/dist/start.js',
    cwd: '..',
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: process.env.E2E_DATA_DIR ?? '.data/e2e',
      STAFF_TOKEN: E2E_STAFF_TOKEN,
      STRIPE_WEBHOOK_SECRET: E2E_STRIPE_WEBHOOK_SECRET,
      // Every browser test signs someone in from 127.0.0.1; the limit itself is tested in the HTTP suites.
      SIGN_IN_ATTEMPTS_PER_MINUTE: '1000',
      // Test-only: Python stays in the warming-up state for good (workspace-warm-up.spec.ts); it still runs.
      RUN_WARM_UP_HOLD: 'python',
      // Only JavaScript (what the browser tests run) warms up after the start: the cores are shared.
      RUN_WARM_UP: 'javascript',
    },
    url: `${E2E_BASE_URL}/api/system/v1/status`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    // SIGTERM lets the platform stop PostgreSQL cleanly instead of being killed outright.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
