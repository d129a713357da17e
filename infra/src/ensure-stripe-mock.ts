/**
 * Installs stripe-mock (Stripe's local API server) from the Go module proxy into .data/stripe-mock,
 * once. Idempotent; `npm test` runs it before the suites, which never download.
 */
import { installStripeMock } from './stripe-mock';

try {
  const { binary, installed } = installStripeMock({
    log: (line) => console.log(`[ensure-stripe-mock] ${line}`),
  });
  console.log(`[ensure-stripe-mock] ${installed ? 'installed' : 'already installed'}: ${binary}`);
} catch (error) {
  console.error(`[ensure-stripe-mock] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
