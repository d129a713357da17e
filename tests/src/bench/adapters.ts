import { fork } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { freePort } from '@app/infra/dist/free-port';
import { type Percentiles, percentiles, round } from './support';

export type AdapterFigures = { requestsPerSecond: number; latencyMs: Percentiles };

/** Keeps `concurrency` calls in flight over kept-alive connections for `durationMs`; answers the figures. */
async function load(port: number, concurrency: number, durationMs: number): Promise<AdapterFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const body = JSON.stringify({ type: 'bench-adapter' });
  const latencies: number[] = [];
  const deadline = performance.now() + durationMs;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const sent = performance.now();
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/telemetry/v1/events',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            if (response.statusCode !== 200) return reject(new Error(`HTTP ${response.statusCode}`));
            latencies.push(performance.now() - sent);
            resolve();
          });
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) await one();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { requestsPerSecond: Math.round(latencies.length / seconds), latencyMs: percentiles(latencies) };
}

/**
 * The same NestJS route on Express and on Fastify, each in a process of its own, loaded from this one
 * (32 calls in flight; a warm-up, then the measured window). The services run on Express; this says
 * what Fastify would give per call.
 */
export async function measureHttpAdapters(
  options: { concurrency?: number; warmupMs?: number; durationMs?: number } = {},
): Promise<{ express: AdapterFigures; fastify: AdapterFigures; fastifyOverExpress: number }> {
  const { concurrency = 32, warmupMs = 2000, durationMs = 8000 } = options;
  const figures: Partial<Record<'express' | 'fastify', AdapterFigures>> = {};
  for (const adapter of ['express', 'fastify'] as const) {
    const port = await freePort();
    const child = fork(path.join(__dirname, 'adapter-server.js'), [adapter, String(port)], {
      stdio: 'inherit',
    });
    try {
      await new Promise<void>((resolve, reject) => {
        child.once('message', () => resolve());
        child.once('exit', (code) => reject(new Error(`the ${adapter} server exited (${code})`)));
      });
      await load(port, concurrency, warmupMs);
      figures[adapter] = await load(port, concurrency, durationMs);
    } finally {
      child.kill();
    }
  }
  const { express, fastify } = figures as Record<'express' | 'fastify', AdapterFigures>;
  return {
    express,
    fastify,
    fastifyOverExpress: round(fastify.requestsPerSecond / express.requestsPerSecond, 2),
  };
}
