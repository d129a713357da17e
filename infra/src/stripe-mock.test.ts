import { startStripeMock } from './stripe-mock';

describe('stripe-mock', () => {
  it('serves Stripe’s API on a free loopback port, and stops', async () => {
    const mock = await startStripeMock();
    try {
      expect(new URL(mock.url).hostname).toBe('127.0.0.1');
      const create = (form: Record<string, string>) =>
        fetch(`${mock.url}/v1/checkout/sessions`, {
          method: 'POST',
          headers: {
            authorization: 'Bearer sk_test_stripemock',
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams(form).toString(),
        });
      const created = await create({
        mode: 'payment',
        client_reference_id: 'buyer',
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][currency]': 'usd',
        'line_items[0][price_data][unit_amount]': '4900',
        'line_items[0][price_data][product_data][name]': 'x',
        success_url: 'http://localhost/confirmation',
        cancel_url: 'http://localhost/purchase',
      });
      expect(created.status).toBe(200);
      expect(((await created.json()) as { id: string }).id).toMatch(/^cs_test_/);
      // It checks requests against Stripe's API description: an unknown mode is refused as Stripe would.
      const refused = await create({ mode: 'nonsense', success_url: 'http://localhost/' });
      expect(refused.status).toBe(400);
    } finally {
      await mock.stop();
    }
    await expect(fetch(`${mock.url}/v1/checkout/sessions`)).rejects.toThrow();
  });

  it('fails, naming the installer, when it is not installed', async () => {
    await expect(startStripeMock({ env: { STRIPE_MOCK_BIN: '/nonexistent/stripe-mock' } })).rejects.toThrow(
      /not installed at \/nonexistent\/stripe-mock: run `node infra\/dist\/ensure-stripe-mock.js`/,
    );
  });
});
