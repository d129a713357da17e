/** Where the e2e platform listens (E2E_PORT, 8090 by default); shared by the Playwright config and the tests. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8090);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;

/** A fixed staff bearer token for the e2e platform only (STAFF_TOKEN); never used outside tests. */
export const E2E_STAFF_TOKEN = 'e2e-staff-token-2f6c1a9b7d4e4c0f8a3b5e7d9c1f2a4b6d8e0f1a3c5e7b9d';
