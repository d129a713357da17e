import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import {
  type ApiCall,
  type ApiError,
  type ServiceName,
  GATEWAY_UPSTREAM_TIMEOUT_MS,
  apiCalls,
  pathMatcher,
} from '@app/contracts';

export type GatewayOptions = {
  port: number;
  host?: string;
  /**
   * Base URLs of the services, e.g. http://127.0.0.1:8081; several for a service running as several
   * processes, which then take the calls in turn.
   */
  services: Record<ServiceName, string | readonly string[]>;
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
  // Most calls have a fixed path: the routes matching one of those (the fixed ones and any with
  // parameters that match it too) are looked up; any other path is matched against the routes with
  // parameters only, one after another. Either way the same routes as matching every route.
  const withParameters = routes.filter((route) => route.call.path.includes('{'));
  const byFixedPath = new Map<string, Route[]>();
  for (const route of routes)
    if (!route.call.path.includes('{'))
      byFixedPath.set(
        route.call.path,
        routes.filter((other) => other.match(route.call.path)),
      );
  const routesOf = (fullPath: string): Route[] =>
    byFixedPath.get(fullPath) ?? withParameters.filter((route) => route.match(fullPath));
  // Keep-alive to the services: a new TCP connection per request cost more than the request.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64 });
  const instances = Object.entries(options.services).map(
    ([name, urls]) => [name, (typeof urls === 'string' ? [urls] : urls).map((url) => new URL(url))] as const,
  );
  if (instances.some(([, urls]) => urls.length === 0))
    throw new Error('Every service needs at least one URL.');
  const targets = Object.fromEntries(instances) as Record<ServiceName, URL[]>;
  // The next process of each service to take a call (round robin: the calls are short and alike).
  const turns = Object.fromEntries(instances.map(([name]) => [name, 0])) as Record<ServiceName, number>;
  const nextTarget = (service: ServiceName): URL => {
    const urls = targets[service];
    const url = urls[turns[service] % urls.length];
    turns[service] = (turns[service] + 1) % urls.length;
    return url;
  };

  /** Streams the request to the service and its answer back, adding the X-Forwarded headers. */
  const forward = (request: http.IncomingMessage, response: http.ServerResponse, service: ServiceName) => {
    const target = nextTarget(service);
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        agent,
        // Past every limit of the code-execution engine: its own answer (RCE_TIMEOUT...) always comes first.
        timeout: GATEWAY_UPSTREAM_TIMEOUT_MS,
        headers: {
          ...request.headers,
          connection: 'keep-alive',
          'x-forwarded-for': request.socket.remoteAddress ?? '',
          'x-forwarded-host': request.headers.host ?? '',
          'x-forwarded-proto': 'http',
        },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    const fail = () => {
      // The caller went away first (below): nobody to answer.
      if (response.destroyed) return;
      if (response.headersSent) return response.destroy();
      sendError(response, 503, {
        code: 'SERVICE_UNAVAILABLE',
        message: 'The service behind this call is not answering; try again shortly.',
      });
    };
    upstream.on('timeout', () => upstream.destroy(new Error('upstream timeout')));
    upstream.on('error', fail);
    // The caller gone before the whole answer (a closed tab, an aborted fetch): the service hears it too,
    // so work done only for this caller (an analyst's query) stops instead of running on.
    response.on('close', () => {
      if (!response.writableFinished) upstream.destroy();
    });
    request.pipe(upstream);
  };

  /** Routes /api by the contracts, without Express: this is the hot path. */
  const handleApi = (request: http.IncomingMessage, response: http.ServerResponse) => {
    const fullPath = (request.url ?? '/').split('?')[0];
    const matching = routesOf(fullPath);
    const route = matching.find((r) => r.call.method === request.method);
    if (route) return forward(request, response, route.call.service);
    const allowed = [...new Set(matching.map((r) => r.call.method))];
    if (allowed.length) {
      response.setHeader('Allow', allowed.join(', '));
      return sendError(response, 405, {
        code: 'METHOD_NOT_ALLOWED',
        message: `${fullPath} answers ${allowed.join(' or ')}, not ${request.method}.`,
      });
    }
    sendError(response, 404, { code: 'NOT_FOUND', message: `No API call ${request.method} ${fullPath}.` });
  };

  const app = express();
  app.disable('x-powered-by');
  app.get('/health', async (_request, response) => {
    // A service is as ready as the least ready of its processes (each is numbered after the first).
    const probes = instances.flatMap(([name, urls]) =>
      urls.map(async (url, index) => {
        const label = index === 0 ? name : `${name}-${index + 1}`;
        try {
          const answer = await fetch(`${url.origin}/health/ready`, { signal: AbortSignal.timeout(2000) });
          return [label, answer.ok ? 'ready' : 'not ready'] as const;
        } catch {
          return [label, 'down'] as const;
        }
      }),
    );
    const checks = await Promise.all(probes);
    const ready = checks.every(([, state]) => state === 'ready');
    response
      .status(ready ? 200 : 503)
      .json({ status: ready ? 'ready' : 'degraded', services: Object.fromEntries(checks) });
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
  const server = http.createServer((request, response) => {
    if (request.url?.startsWith('/api/') || request.url === '/api') handleApi(request, response);
    else void app(request, response);
  });
  server.keepAliveTimeout = 65_000;
  return server;
}

function sendError(response: http.ServerResponse, status: number, body: ApiError): void {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}
