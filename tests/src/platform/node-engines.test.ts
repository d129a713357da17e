import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';

/*
 * The Node the workspace names (package.json `engines`, the README) runs every locked package: no
 * package in package-lock.json asks for a newer Node than the oldest the workspace accepts (npm ci
 * would warn EBADENGINE on it). `engine-strict` in .npmrc makes npm ci itself fail on such a package
 * under the Node it runs on; this test catches one for the oldest Node named, whatever Node runs it.
 */
const repoRoot = path.resolve(__dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');
const workspace = JSON.parse(read('package.json')) as { engines: { node: string } };
const lock = JSON.parse(read('package-lock.json')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
};
const oldest = semver.minVersion(workspace.engines.node)!;

it('every locked package runs on the oldest Node the workspace names', () => {
  const refusing = Object.entries(lock.packages).flatMap(([where, entry]) => {
    const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
    return wanted && !semver.satisfies(oldest, wanted) ? [`${where}@${entry.version}: node ${wanted}`] : [];
  });
  expect(refusing).toEqual([]);
});

it('the README names that Node and npm refuses packages the running Node cannot run', () => {
  expect(read('README.md')).toContain(`Needs Node ${oldest.major}.${oldest.minor} or later`);
  expect(read('.npmrc')).toMatch(/^engine-strict=true$/m);
});
