import { expect, type APIRequestContext } from '@playwright/test';

/** Appends one telemetry event through the real command API and returns its position (consistency token). */
export async function appendTelemetryEvent(request: APIRequestContext, type = 'e2e-check'): Promise<string> {
  const response = await request.post('/api/events/v1/event', { data: { type, body: {} } });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { position: string };
  expect(body.position).toMatch(/^\d+\.\d+$/);
  expect(response.headers()['x-event-position']).toBe(body.position);
  return body.position;
}
