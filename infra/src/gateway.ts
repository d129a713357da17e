import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import httpProxy from 'http-proxy';
import { type ApiCall, type ApiError, type ServiceName, apiCalls, pathMatcher } from '@app/contracts';

export type GatewayOptions = {
  port: number;
  host?: string;
  /** Base URLs of the services, e.g. http://127.0.0.1:8081. */
  services: Record<ServiceName, string>;
  /** The built web app (web/dist); every other path answers its index.html. */
  webDist: string;
};

type Route = { call: ApiCall; match: (path: string) => Record<string, string> | undefined };

/**
 * One origin for the platform: `/api` routed by the contracts (commands to the command-service,
 * queries to the projection-service) and the web app for everything else.
 */
export function createGateway(options: GatewayOptions): http.Server {
  const routes: Route[] = apiCalls.map((call) => ({ call, match: pathMatcher(call) }));
  // xfwd adds X-Forwarded-For/Proto/Host; errors from a down service become a clear 503.
  // Keep-alive to the services: a new TCP connection per request cost more than the request.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64 });
  const proxy = httpProxy.createProxyServer({ xfwd: true, proxyTimeout: 30_000, agent });
  proxy.on('error', (_error, _request, response) => {
    const target = response as http.ServerResponse;
    if (target.headersSent) return target.end();
    sendError(target, 503, {
      code: 'SERVICE_UNAVAILABLE',
      message: 'The service behind this call is not answering; try again shortly.',
    });
  });

  const app = express();
  app.disable('x-powered-by');
  app.get('/health', async (_request, response) => {
    const checks = await Promise.all(
      Object.entries(options.services).map(async ([name, url]) => {
        try {
          const answer = await fetch(`${url}/health/ready`, { signal: AbortSignal.timeout(2000) });
          return [name, answer.ok ? 'ready' : 'not ready'] as const;
        } catch {
          return [name, 'down'] as const;
        }
      }),
    );
    const ready = checks.every(([, state]) => state === 'ready');
    response
      .status(ready ? 200 : 503)
      .json({ status: ready ? 'ready' : 'degraded', services: Object.fromEntries(checks) });
  });
  app.use('/api', (request: Request, response: Response) => {
    const fullPath = request.originalUrl.split('?')[0];
    const matching = routes.filter((r) => r.match(fullPath));
    const route = matching.find((r) => r.call.method === request.method);
    if (!route) {
      const allowed = [...new Set(matching.map((r) => r.call.method))];
      if (allowed.length) {
        response.setHeader('Allow', allowed.join(', '));
        return sendError(response, 405, {
          code: 'METHOD_NOT_ALLOWED',
          message: `${fullPath} answers ${allowed.join(' or ')}, not ${request.method}.`,
        });
      }
      return sendError(response, 404, {
        code: 'NOT_FOUND',
        message: `No API call ${request.method} ${fullPath}.`,
      });
    }
    request.url = request.originalUrl;
    proxy.web(request, response, { target: options.services[route.call.service] });
  });
  const indexHtml = path.join(options.webDist, 'index.html');
  app.use(
    express.static(options.webDist, {
      index: false,
      setHeaders: (response, file) => {
        // Vite puts content hashes in asset names: they never change.
        if (file.includes(`${path.sep}assets${path.sep}`))
          response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    if (!fs.existsSync(indexHtml)) {
      return response.status(503).type('text').send('The web app is not built: run `npm run build`.');
    }
    response.setHeader('Cache-Control', 'no-cache');
    response.sendFile(indexHtml);
  });
  const server = http.createServer(app);
  server.keepAliveTimeout = 65_000;
  return server;
}

function sendError(response: http.ServerResponse, status: number, body: ApiError): void {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}
