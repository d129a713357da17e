/*
 * The npm packages the Solidity runner loads inside the box, found where this service's node_modules has
 * them, with every package they depend on: the sandbox binds exactly those directories read-only at their
 * host paths (`solidityBinds`), so node resolves them inside the box as it does outside.
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** In the order the runner takes them on its command line. */
export const solidityRunnerPackages = [
  'solc',
  '@ethereumjs/evm',
  '@ethereumjs/common',
  '@ethereumjs/util',
  'ethers',
] as const;
export type SolidityRunnerPackage = (typeof solidityRunnerPackages)[number];

type PackageJson = {
  name?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
};

/** The directory of package `name` as node would find it from `fromDir` (walking up node_modules). */
function findPackage(name: string, fromDir: string): string | undefined {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    if (dirname(dir) === dir) return undefined;
  }
}

let dirs: Record<SolidityRunnerPackage, string> | undefined;
let closure: string[] | undefined;

/** Each runner package's directory; throws when one is not installed. */
export function runnerPackageDirs(): Record<SolidityRunnerPackage, string> {
  if (dirs) return dirs;
  const found = {} as Record<SolidityRunnerPackage, string>;
  for (const name of solidityRunnerPackages) {
    const dir = findPackage(name, __dirname);
    if (!dir) throw new Error(`the ${name} package is not installed (npm ci)`);
    found[name] = dir;
  }
  dirs = found;
  return found;
}

/** The runner's packages and everything they depend on: the directories a box must see. */
export function solidityPackageDirs(): string[] {
  if (closure) return closure;
  const seen = new Set<string>();
  const visit = (dir: string) => {
    if (seen.has(dir)) return;
    seen.add(dir);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson;
    const deps = { ...manifest.dependencies, ...manifest.optionalDependencies };
    for (const dep of Object.keys(deps)) {
      const found = findPackage(dep, dir);
      if (found) visit(found);
    }
  };
  for (const dir of Object.values(runnerPackageDirs())) visit(dir);
  // A package nested inside another's node_modules is bound with its parent already.
  const all = [...seen].sort();
  closure = all.filter((dir) => !all.some((other) => other !== dir && dir.startsWith(`${other}/`)));
  return closure;
}

/** Read-only binds for the bubblewrap sandbox (BubblewrapSandboxOptions.extraBinds). */
export function solidityBinds(): { hostPath: string }[] {
  return solidityPackageDirs().map((hostPath) => ({ hostPath }));
}
