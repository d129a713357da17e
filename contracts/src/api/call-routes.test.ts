import fs from 'node:fs';
import path from 'node:path';
import { buildPath } from './define';
import { apiCalls } from './index';
import * as routedCallPaths from './routed-call-paths';
import * as routes from './call-routes';
import { listCodingQuestions } from './problems';

describe('call paths', () => {
  it('exports every routed entry under its id, as the call it is the route of', () => {
    for (const [name, entry] of Object.entries(routedCallPaths)) {
      const call = apiCalls.find((candidate) => candidate.id === name);
      expect(entry).toEqual({ id: name, method: call?.method, path: call?.path });
    }
  });

  it('are written once each in the contracts, as a route entry', () => {
    const root = path.join(__dirname, '..');
    const sources = fs
      .readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => fs.readFileSync(path.join(root, file), 'utf8'));
    const written = sources.flatMap((source) =>
      [...source.matchAll(/['"`](\/api\/[^'"`]*)/g)].map((m) => m[1]),
    );
    const asEntries = sources.flatMap((source) =>
      [...source.matchAll(/\b(?:post|get)\(\s*'\w+',\s*'(\/api\/[^']*)',?\s*\)/g)].map((m) => m[1]),
    );
    expect(written.sort()).toEqual(asEntries.sort());
    // Once per call (two calls of different methods may share a path).
    expect(written.sort()).toEqual(apiCalls.map((call) => call.path).sort());
  });

  it('keeps the schema-free modules apart from zod and the calls: they import at run time only each other', () => {
    const schemaFree = ['call-path.ts', 'routed-call-paths.ts', 'call-routes.ts'];
    for (const file of schemaFree) {
      const source = fs.readFileSync(path.join(__dirname, file), 'utf8');
      const runtimeImports = [...source.matchAll(/^import (?!type )[^;]*from '([^']+)';/gm)].map((m) => m[1]);
      expect([file, runtimeImports.filter((from) => !schemaFree.includes(`${from.slice(2)}.ts`))]).toEqual([
        file,
        [],
      ]);
    }
  });
});

describe('call routes', () => {
  it.each(Object.keys(routedCallPaths).map((id) => [id] as const))(
    '%s: the route is where the call goes',
    (id) => {
      const call = apiCalls.find((candidate) => candidate.id === id)!;
      const route = (routes as Record<string, unknown>)[`${id}Route`];
      expect(route).toEqual({ id: call.id, method: call.method, path: call.path });
    },
  );

  it('has a route for every entry of its table, and no other', () => {
    const names = Object.keys(routes).filter((name) => name.endsWith('Route'));
    expect(names.sort()).toEqual(
      Object.keys(routedCallPaths)
        .map((id) => `${id}Route`)
        .sort(),
    );
  });

  it('fills path placeholders as buildPath does', () => {
    expect(routes.buildRoutePath(listCodingQuestions, { product: 'algoexpert' })).toBe(
      buildPath(listCodingQuestions, { product: 'algoexpert' }),
    );
    expect(() => routes.buildRoutePath(listCodingQuestions)).toThrow(
      'listCodingQuestions: missing path parameter product',
    );
  });
});
