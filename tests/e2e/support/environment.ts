/** Where the e2e platform listens (E2E_PORT, 8090 by default); shared by the Playwright config and the tests. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8090);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;

/** A fixed staff bearer token for the e2e platform only (STAFF_TOKEN); never used outside tests. */
export const E2E_STAFF_TOKEN = 'e2e-staff-token-2f6c1a9b7d4e4c0f8a3b5e7d9c1f2a4b6d8e0f1a3c5e7b9d';

/** The e2e platform's Stripe webhook signing secret (STRIPE_WEBHOOK_SECRET): tests sign deliveries with it. */
export const E2E_STRIPE_WEBHOOK_SECRET = 'whsec_e2e0c6b1f8a24d7e9b3a5c7d9e1f2a4b6c8d0e2f';
