import { z } from 'zod';
import { buildPath, defineCall, pathMatcher, anyone, commandAckSchema } from './define';
import { post } from './call-path';
import { built } from './build-state';
import { apiCalls } from './index';
import { getCodingQuestion, getUnlocks } from './problems';
import { startOAuth } from './auth';
import { systemStatus } from './spine';

describe('buildPath and pathMatcher', () => {
  it('round-trip every call with sample parameters', () => {
    for (const call of apiCalls) {
      const names = call.params instanceof z.ZodObject ? Object.keys(call.params.shape) : [];
      const sample = Object.fromEntries(names.map((name) => [name, `${name}-value`]));
      const path = buildPath(call, sample);
      expect(path).not.toContain('{');
      expect(pathMatcher(call)(path)).toEqual(sample);
    }
  });

  it('fills a per-product path and reads it back', () => {
    const path = buildPath(getCodingQuestion, { product: 'frontendexpert' });
    expect(path).toBe('/api/problems/v1/frontendexpert/coding-questions/get');
    expect(pathMatcher(getCodingQuestion)(path)).toEqual({ product: 'frontendexpert' });
    expect(pathMatcher(getUnlocks)('/api/problems/v1/backendexpert/unlocks/get')).toEqual({
      product: 'backendexpert',
    });
  });

  it('encodes and decodes values that are not url-safe', () => {
    const call = defineCall({
      route: post('sample', '/api/sample/{a}/x/{b}'),
      state: built,
      kind: 'query',
      access: anyone,
      params: z.object({ a: z.string(), b: z.string() }),
      request: z.object({}),
      response: z.object({}),
      summary: 'Sample.',
    });
    const params = { a: 'with space/and slash', b: 'ü?#%' };
    const path = buildPath(call, params);
    expect(path).toBe('/api/sample/with%20space%2Fand%20slash/x/%C3%BC%3F%23%25');
    expect(pathMatcher(call)(path)).toEqual(params);
  });

  it('accepts a trailing slash and refuses other paths', () => {
    const match = pathMatcher(startOAuth);
    expect(match('/api/auth/v1/oauth2/google/')).toEqual({ provider: 'google' });
    expect(match('/api/auth/v1/oauth2/google/callback')).toBeUndefined();
    expect(match('/api/auth/v1/oauth2/')).toBeUndefined();
    expect(match('/prefix/api/auth/v1/oauth2/google')).toBeUndefined();
    expect(pathMatcher(systemStatus)('/api/system/v1/status')).toEqual({});
    expect(pathMatcher(systemStatus)('/api/system/v1/statusX')).toBeUndefined();
  });

  it('refuses a missing parameter', () => {
    expect(() => buildPath(startOAuth, {})).toThrow(/missing path parameter provider/);
  });
});

describe('defineCall', () => {
  it('refuses placeholders that differ from params', () => {
    expect(() =>
      defineCall({
        route: post('broken', '/api/broken/{product}'),
        state: built,
        kind: 'command',
        access: anyone,
        params: z.object({ name: z.string() }),
        request: z.object({}),
        response: commandAckSchema,
        summary: 'Broken.',
      }),
    ).toThrow(/placeholders/);
  });

  it('takes the id, method and path from the route, and defaults the service to the kind', () => {
    const call = defineCall({
      route: post('plain', '/api/plain'),
      state: built,
      kind: 'command',
      access: anyone,
      request: z.object({}),
      response: commandAckSchema,
      summary: 'Plain.',
    });
    expect([call.id, call.method, call.path]).toEqual(['plain', 'POST', '/api/plain']);
    expect(call.service).toBe('command-service');
  });
});
