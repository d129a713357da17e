import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

/*
 * A real local OAuth 2.0 / OpenID Connect server for sign-in tests: oauth2-mock-server issues the codes
 * (authorization is automatic: GET /authorize redirects to redirect_uri with code and state), verifies
 * PKCE and signs the tokens. oauth2-mock-server is an ES module, so it runs in a child node process; a
 * small front server in this process, the address tests use, adds what real providers do and the mock
 * does not:
 * - a code is valid once, for the client and redirect_uri it was issued to (invalid_grant otherwise),
 *   and needs a code_verifier when it was issued with a code_challenge;
 * - client id and secret are checked, as HTTP Basic or form fields (invalid_client otherwise);
 * - the userinfo endpoints (/userinfo/<provider>, and /userinfo/github/emails) answer only a token the
 *   token endpoint issued, with the profile set by nextProfile in that provider's own shape;
 * - failures can be injected into the next token or userinfo request.
 * The mock server's own error answers (a PKCE mismatch is invalid_request) pass through unchanged.
 */

export type OAuthTestProviderName = 'google' | 'github' | 'facebook' | 'linkedin';

/** OIDC-style claims of the person who signs in next. */
export type OAuthTestProfile = {
  sub: string;
  email?: string;
  name?: string;
  picture?: string;
  /** OIDC providers' email_verified and GitHub's verified flag (default true). */
  emailVerified?: boolean;
  /** GitHub: the email is private, absent from /user and listed only by /user/emails. */
  privateEmail?: boolean;
};

export type OAuthTestProviderError = { status?: number; error?: string; description?: string };

export type OAuthTestProvider = {
  /** The front server's origin, e.g. http://127.0.0.1:43123. */
  issuerUrl: string;
  /** OAUTH_<PROVIDER>_* variables pointing that provider at this server. */
  env(provider: OAuthTestProviderName): Record<string, string>;
  /** Who signs in with the next code exchanged (then the default test user again). */
  nextProfile(profile: OAuthTestProfile): void;
  /** The next token request gets this error (default: HTTP 400 temporarily_unavailable). */
  failNextTokenRequest(error?: OAuthTestProviderError): void;
  /** The next userinfo request gets this error (default: HTTP 500 server_error). */
  failNextUserinfoRequest(error?: OAuthTestProviderError): void;
  close(): Promise<void>;
};

const providerNames: readonly OAuthTestProviderName[] = ['google', 'github', 'facebook', 'linkedin'];
const defaultProfile: OAuthTestProfile = {
  sub: 'test-user',
  email: 'test-user@example.test',
  name: 'Test User',
};

type IssuedCode = { clientId: string; redirectUri: string; hasChallenge: boolean; used: boolean };

/** The child program: starts oauth2-mock-server on 127.0.0.1, prints its port, stops when stdin ends. */
const mockServerProgram = `
const [moduleUrl, issuerUrl] = process.argv.slice(1);
const { OAuth2Server } = await import(moduleUrl);
const server = new OAuth2Server();
await server.issuer.keys.generate('RS256');
server.issuer.url = issuerUrl;
await server.start(0, '127.0.0.1');
process.stdout.write(JSON.stringify({ port: server.address().port }) + '\\n');
process.stdin.on('end', () => server.stop().finally(() => process.exit(0)));
process.stdin.resume();
`;

export async function startOAuthTestProvider(): Promise<OAuthTestProvider> {
  const clients = new Map(
    providerNames.map((name) => [`${name}-test-client`, { provider: name, secret: `${name}-test-secret` }]),
  );
  const codes = new Map<string, IssuedCode>();
  const tokens = new Map<string, OAuthTestProfile>();
  const profiles: OAuthTestProfile[] = [];
  const tokenFaults: OAuthTestProviderError[] = [];
  const userinfoFaults: OAuthTestProviderError[] = [];
  let mockOrigin = '';

  const forward = async (req: IncomingMessage, body: Buffer | undefined) => {
    const headers = new Headers();
    for (const name of ['content-type', 'authorization', 'accept']) {
      const value = req.headers[name];
      if (typeof value === 'string') headers.set(name, value);
    }
    return fetch(`${mockOrigin}${req.url}`, {
      method: req.method,
      headers,
      body: body && body.length > 0 ? body : undefined,
      redirect: 'manual',
    });
  };

  const authorize = async (req: IncomingMessage, res: ServerResponse) => {
    const query = new URL(req.url ?? '/', 'http://front').searchParams;
    const clientId = query.get('client_id') ?? '';
    if (!clients.has(clientId)) return sendJson(res, 400, { error: 'unauthorized_client' });
    const answer = await forward(req, undefined);
    const location = answer.headers.get('location');
    const code = location ? new URL(location).searchParams.get('code') : null;
    if (code) {
      codes.set(code, {
        clientId,
        redirectUri: query.get('redirect_uri') ?? '',
        hasChallenge: query.has('code_challenge'),
        used: false,
      });
    }
    await relay(answer, res);
  };

  const token = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    const form = new URLSearchParams(body.toString('utf8'));
    const clientId = authenticateClient(req, form, clients);
    if (!clientId) return sendJson(res, 401, { error: 'invalid_client' });
    const fault = tokenFaults.shift();
    if (fault) return sendError(res, fault, 400, 'temporarily_unavailable');
    if (form.get('grant_type') !== 'authorization_code') {
      return sendJson(res, 400, { error: 'unsupported_grant_type' });
    }
    const issued = codes.get(form.get('code') ?? '');
    if (!issued) return sendInvalidGrant(res, 'unknown authorization code');
    if (issued.used) return sendInvalidGrant(res, 'authorization code already used');
    issued.used = true;
    if (issued.clientId !== clientId) return sendInvalidGrant(res, 'code issued to another client');
    if (issued.redirectUri !== form.get('redirect_uri'))
      return sendInvalidGrant(res, 'redirect_uri mismatch');
    if (issued.hasChallenge && !form.get('code_verifier'))
      return sendInvalidGrant(res, 'code_verifier missing');
    const answer = await forward(req, body);
    const text = await answer.text();
    if (answer.status === 200) {
      const accessToken = (JSON.parse(text) as { access_token?: unknown }).access_token;
      if (typeof accessToken === 'string') tokens.set(accessToken, profiles.shift() ?? defaultProfile);
    }
    res.writeHead(answer.status, {
      'content-type': answer.headers.get('content-type') ?? 'application/json',
      'cache-control': 'no-store',
    });
    res.end(text);
  };

  const userinfo = (
    req: IncomingMessage,
    res: ServerResponse,
    provider: OAuthTestProviderName,
    emails: boolean,
  ) => {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const profile = bearer ? tokens.get(bearer) : undefined;
    if (!profile) return sendJson(res, 401, { error: 'invalid_token' });
    const fault = userinfoFaults.shift();
    if (fault) return sendError(res, fault, 500, 'server_error');
    sendJson(res, 200, emails ? githubEmails(profile) : providerProfile(provider, profile));
  };

  const front = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://front').pathname;
    const userinfoPath = /^\/userinfo\/(google|github|facebook|linkedin)(\/emails)?$/.exec(path);
    const handled =
      req.method === 'GET' && path === '/authorize'
        ? authorize(req, res)
        : req.method === 'POST' && path === '/token'
          ? token(req, res)
          : req.method === 'GET' &&
              userinfoPath &&
              (userinfoPath[2] === undefined || userinfoPath[1] === 'github')
            ? userinfo(req, res, userinfoPath[1] as OAuthTestProviderName, userinfoPath[2] !== undefined)
            : readBody(req).then(async (body) => relay(await forward(req, body), res));
    Promise.resolve(handled).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: 'server_error', error_description: String(error) });
      else res.destroy();
    });
  });
  const issuerUrl = await listen(front);
  let child: ChildProcess;
  try {
    const started = await startMockServer(issuerUrl);
    child = started.child;
    mockOrigin = `http://127.0.0.1:${started.port}`;
  } catch (error) {
    await closeServer(front);
    throw error;
  }

  return {
    issuerUrl,
    env(provider) {
      const name = (setting: string) => `OAUTH_${provider.toUpperCase()}_${setting}`;
      return {
        [name('CLIENT_ID')]: `${provider}-test-client`,
        [name('CLIENT_SECRET')]: `${provider}-test-secret`,
        [name('AUTHORIZATION_URL')]: `${issuerUrl}/authorize`,
        [name('TOKEN_URL')]: `${issuerUrl}/token`,
        [name('USERINFO_URL')]: `${issuerUrl}/userinfo/${provider}`,
      };
    },
    nextProfile(profile) {
      profiles.push({ ...profile });
    },
    failNextTokenRequest(error = {}) {
      tokenFaults.push(error);
    },
    failNextUserinfoRequest(error = {}) {
      userinfoFaults.push(error);
    },
    async close() {
      await closeServer(front);
      await stopChild(child);
    },
  };
}

/** The profile as each provider's userinfo endpoint shapes it. */
function providerProfile(
  provider: OAuthTestProviderName,
  profile: OAuthTestProfile,
): Record<string, unknown> {
  switch (provider) {
    case 'google':
    case 'linkedin':
      return {
        sub: profile.sub,
        ...(profile.email !== undefined && {
          email: profile.email,
          email_verified: profile.emailVerified ?? true,
        }),
        ...(profile.name !== undefined && { name: profile.name }),
        ...(profile.picture !== undefined && { picture: profile.picture }),
      };
    case 'github':
      return {
        id: /^\d+$/.test(profile.sub) ? Number(profile.sub) : profile.sub,
        login: `login-${profile.sub}`,
        name: profile.name ?? null,
        email: profile.privateEmail ? null : (profile.email ?? null),
        avatar_url: profile.picture ?? null,
      };
    case 'facebook':
      return {
        id: profile.sub,
        ...(profile.name !== undefined && { name: profile.name }),
        ...(profile.email !== undefined && { email: profile.email }),
        ...(profile.picture !== undefined && { picture: { data: { url: profile.picture } } }),
      };
  }
}

function githubEmails(profile: OAuthTestProfile): Record<string, unknown>[] {
  if (profile.email === undefined) return [];
  return [
    { email: `secondary-${profile.email}`, primary: false, verified: true, visibility: null },
    { email: profile.email, primary: true, verified: profile.emailVerified ?? true, visibility: 'private' },
  ];
}

/** The client id when the request carries a known client's id and secret (Basic or form, not both). */
function authenticateClient(
  req: IncomingMessage,
  form: URLSearchParams,
  clients: Map<string, { secret: string }>,
): string | undefined {
  const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
  let id: string | null;
  let secret: string | null;
  if (basic) {
    if (form.has('client_secret')) return undefined;
    const decoded = Buffer.from(basic, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return undefined;
    id = decodeURIComponent(decoded.slice(0, colon));
    secret = decodeURIComponent(decoded.slice(colon + 1));
  } else {
    id = form.get('client_id');
    secret = form.get('client_secret');
  }
  return id !== null && clients.get(id)?.secret === secret ? id : undefined;
}

function sendInvalidGrant(res: ServerResponse, description: string) {
  sendJson(res, 400, { error: 'invalid_grant', error_description: description });
}

function sendError(res: ServerResponse, fault: OAuthTestProviderError, status: number, error: string) {
  sendJson(res, fault.status ?? status, {
    error: fault.error ?? error,
    ...(fault.description !== undefined && { error_description: fault.description }),
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

async function relay(answer: Response, res: ServerResponse) {
  const headers: Record<string, string> = {};
  for (const name of ['content-type', 'location', 'cache-control', 'pragma']) {
    const value = answer.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  res.writeHead(answer.status, headers);
  res.end(Buffer.from(await answer.arrayBuffer()));
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

async function startMockServer(issuerUrl: string): Promise<{ child: ChildProcess; port: number }> {
  const moduleUrl = pathToFileURL(require.resolve('oauth2-mock-server')).href;
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', mockServerProgram, moduleUrl, issuerUrl],
    {
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let stdout = '';
      const timer = setTimeout(
        () => reject(new Error('oauth2-mock-server did not start within 15 s')),
        15_000,
      );
      child.stdout?.on('data', (chunk: Buffer) => {
        stdout += chunk.toString('utf8');
        const line = stdout.split('\n')[0];
        if (stdout.includes('\n')) {
          clearTimeout(timer);
          resolve((JSON.parse(line) as { port: number }).port);
        }
      });
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`oauth2-mock-server exited (${code}) before starting: ${stderr.trim()}`));
      });
    });
    return { child, port };
  } catch (error) {
    await stopChild(child);
    throw error;
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.stdin?.end();
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}
