import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiCalls } from '@app/contracts';
import { freePort } from './free-port';
import { createGateway } from './gateway';

/** A service process stand-in: a real HTTP server that answers health checks and counts calls. */
async function upstream(name: string): Promise<{ url: string; calls: string[]; close(): Promise<void> }> {
  const calls: string[] = [];
  const server = http.createServer((request, response) => {
    if (request.url === '/health/ready') return response.end('ok');
    calls.push(`${request.method} ${request.url}`);
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ answeredBy: name }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function gatewayOver(services: Parameters<typeof createGateway>[0]['services']) {
  const port = await freePort();
  const server = createGateway({ port, host: '127.0.0.1', services, webDist: '/nonexistent' });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const command = apiCalls.find((call) => call.service === 'command-service' && !call.path.includes('{'))!;
const query = apiCalls.find((call) => call.service === 'projection-service' && !call.path.includes('{'))!;

it('spreads the calls of a service over its processes in turn, and reports each process in /health', async () => {
  const [c1, c2, p1] = await Promise.all([upstream('c1'), upstream('c2'), upstream('p1')]);
  const gateway = await gatewayOver({ 'command-service': [c1.url, c2.url], 'projection-service': p1.url });
  try {
    const answers = [];
    for (let i = 0; i < 6; i++) {
      const answer = await fetch(`${gateway.url}${command.path}`, { method: command.method, body: '{}' });
      answers.push(((await answer.json()) as { answeredBy: string }).answeredBy);
    }
    expect(answers).toEqual(['c1', 'c2', 'c1', 'c2', 'c1', 'c2']);
    const read = await fetch(`${gateway.url}${query.path}`, { method: query.method });
    expect(await read.json()).toEqual({ answeredBy: 'p1' });
    expect([c1.calls.length, c2.calls.length, p1.calls.length]).toEqual([3, 3, 1]);

    const health = await fetch(`${gateway.url}/health`);
    expect({ status: health.status, body: await health.json() }).toEqual({
      status: 200,
      body: {
        status: 'ready',
        services: { 'command-service': 'ready', 'command-service-2': 'ready', 'projection-service': 'ready' },
      },
    });
    // One process down: the platform is degraded and names it.
    await c2.close();
    const degraded = await fetch(`${gateway.url}/health`);
    expect({ status: degraded.status, body: await degraded.json() }).toEqual({
      status: 503,
      body: {
        status: 'degraded',
        services: { 'command-service': 'ready', 'command-service-2': 'down', 'projection-service': 'ready' },
      },
    });
  } finally {
    await gateway.close();
    await Promise.all([c1.close(), c2.close(), p1.close()]);
  }
});

it('refuses a service without a process', () => {
  expect(() =>
    createGateway({
      port: 0,
      services: { 'command-service': [], 'projection-service': 'http://127.0.0.1:1' },
      webDist: '',
    }),
  ).toThrow('Every service needs at least one URL.');
});
