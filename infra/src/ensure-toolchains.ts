/**
 * Installs what the code-execution engine's languages need and reports what stays unavailable:
 *   - C#: Debian's Mono (`mono-mcs`, `mono-runtime`) through apt-get, non-interactive, only when missing;
 *   - Kotlin: the compiler (kotlin-compiler-embeddable and its runtime dependencies, version pinned) from
 *     Maven Central into .data/toolchains/kotlin/<version>, each jar checked against its pinned SHA-1, then
 *     a class-data-sharing archive of the compiler trained on a real harness compile, and toolchain.json;
 *   - Go: a build cache holding the standard packages the harness uses, so a build takes a fraction of a
 *     second instead of compiling the standard library (.data/toolchains/go-cache), and the whole standard
 *     library's archives with an importcfg (.data/toolchains/go-std), so a build is the compiler and the
 *     linker alone;
 *   - C++: a precompiled bits/stdc++.h for the harness's flags, beside a copy of the header
 *     (.data/toolchains/cpp), about 1 s per compile instead of 4, and a smaller precompiled header of
 *     the common standard headers (CPP_COMMON_HEADER) for learners' units;
 *   - Python: numpy (version pinned, wheels checked against their pinned SHA-256 by pip's --require-hashes)
 *     installed with the boxed Python's own pip (`/usr/bin/python3 -m pip install --target`) into
 *     .data/toolchains/python-packages, which boxes bind read-only and name in PYTHONPATH;
 *   - Swift: nothing can be installed on these machines; reported unavailable unless `swiftc` exists.
 * Idempotent: a second run finds everything in place and does nothing. Failures are reported, not fatal
 * (a language whose toolchain is missing answers 'language unavailable'); `--strict` makes them fatal.
 * Run after the build as `node infra/dist/ensure-toolchains.js` (the warm-ups use the engine's own
 * generated harnesses); TOOLCHAINS_DIR overrides the cache directory.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  accessSync,
  constants,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import {
  CPP_COMMON_HEADER,
  CPP_FLAGS,
  cppCommonHeaderText,
  detectToolchains,
  JVM_SUPPORT_PATH,
  JVM_SUPPORT_SOURCE,
  jvmSupportDir,
  languageModules,
  WARMUP_SIGNATURE,
} from '@app/command-service/dist/execution/languages';
import type { GoStdToolchain, HarnessPlan } from '@app/command-service/dist/execution/languages';
import { functionSignatureSchema } from '@app/contracts';

export const KOTLIN_VERSION = '2.2.21';
const MAVEN_CENTRAL = 'https://repo1.maven.org/maven2';

type Artifact = { group: string; name: string; version: string; sha1: string };

/** The compiler and what it needs at run time (from its POM); kotlin-stdlib is also the programs' runtime. */
const kotlinArtifacts: Artifact[] = [
  {
    group: 'org.jetbrains.kotlin',
    name: 'kotlin-compiler-embeddable',
    version: KOTLIN_VERSION,
    sha1: 'b13aed5cf8412f9ee9d1e4db21bdcfebcc24f606',
  },
  {
    group: 'org.jetbrains.kotlin',
    name: 'kotlin-stdlib',
    version: KOTLIN_VERSION,
    sha1: 'fa374a986e128314c3db00a20aae55f72a258511',
  },
  {
    group: 'org.jetbrains.kotlin',
    name: 'kotlin-script-runtime',
    version: KOTLIN_VERSION,
    sha1: 'e9b021c4e335e4ed7a7e3b32285249ae6bb3a6c8',
  },
  {
    group: 'org.jetbrains.kotlin',
    name: 'kotlin-reflect',
    version: '1.6.10',
    sha1: '1cbe9c92c12a94eea200d23c2bbaedaf3daf5132',
  },
  {
    group: 'org.jetbrains.kotlin',
    name: 'kotlin-daemon-embeddable',
    version: KOTLIN_VERSION,
    sha1: '78fde5db1c92786448170b351d8f8868acabd2ce',
  },
  {
    group: 'org.jetbrains.kotlinx',
    name: 'kotlinx-coroutines-core-jvm',
    version: '1.8.0',
    sha1: 'ac1dc37a30a93150b704022f8d895ee1bd3a36b3',
  },
  {
    group: 'org.jetbrains',
    name: 'annotations',
    version: '13.0',
    sha1: '919f0dfe192fb4e063e7dacadee7f8bb9a2672a9',
  },
];

/** What the Kotlin language module reads (toolchain.json): absolute paths on this machine. */
export type KotlinToolchainManifest = {
  version: string;
  compilerClasspath: string[];
  stdlib: string;
  /** Class-data-sharing archive of the compiler's classes, when it could be made. */
  sharedArchive?: string;
};

export type ToolchainReport = Record<string, { available: boolean; detail: string }>;

const repoRoot = resolve(__dirname, '..', '..');

export function toolchainsDir(): string {
  return process.env.TOOLCHAINS_DIR ?? join(repoRoot, '.data', 'toolchains');
}

function log(message: string): void {
  console.log(`[ensure-toolchains] ${message}`);
}

function onPath(program: string): boolean {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, program), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

function run(file: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  return spawnSync(file, args, {
    encoding: 'utf8',
    timeout: 600_000,
    maxBuffer: 64 * 1024 * 1024,
    ...options,
  });
}

function ensureMono(): { available: boolean; detail: string } {
  if (onPath('mcs') && onPath('mono')) return { available: true, detail: 'mcs and mono found' };
  const isRoot = process.getuid?.() === 0;
  const sudo = !isRoot && run('sudo', ['-n', 'true']).status === 0;
  if (!isRoot && !sudo) {
    return {
      available: false,
      detail: 'mono missing; install with: sudo apt-get install mono-mcs mono-runtime',
    };
  }
  const aptGet = (args: string[]) => {
    const [file, rest] = isRoot
      ? ['apt-get', args]
      : ['sudo', ['-n', 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', ...args]];
    log(`running: ${[file, ...rest].join(' ')}`);
    return spawnSync(file, rest, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  };
  const packages = ['mono-mcs', 'mono-runtime'];
  let install = aptGet(['install', '-y', '-q', '--no-install-recommends', ...packages]);
  if (install.status !== 0) {
    aptGet(['update', '-q']);
    install = aptGet(['install', '-y', '-q', '--no-install-recommends', ...packages]);
  }
  if (install.status === 0 && onPath('mcs') && onPath('mono'))
    return { available: true, detail: 'mono installed' };
  return {
    available: false,
    detail: `apt-get install ${packages.join(' ')} failed (exit ${install.status})`,
  };
}

async function download(url: string, sha1: string, target: string): Promise<void> {
  const response = await fetch(url, { signal: AbortSignal.timeout(300_000) });
  if (!response.ok) throw new Error(`GET ${url}: HTTP ${response.status}`);
  const body = Buffer.from(await response.arrayBuffer());
  const actual = createHash('sha1').update(body).digest('hex');
  if (actual !== sha1) throw new Error(`${url}: SHA-1 ${actual}, expected ${sha1}`);
  const partial = `${target}.partial`;
  writeFileSync(partial, body);
  renameSync(partial, target);
}

function fileSha1(path: string): string {
  return createHash('sha1').update(readFileSync(path)).digest('hex');
}

/** Records the classes javac loads for a harness compile into a CDS archive (<root>/java/javac.jsa). */
function ensureJavacArchive(root: string): void {
  const archive = join(root, 'java', 'javac.jsa');
  if (existsSync(archive) || !onPath('javac')) return;
  mkdirSync(dirname(archive), { recursive: true });
  log('recording a class-data-sharing archive of javac');
  const plan = languageModules.java.plan(warmUpSignature, languageModules.java.starter(warmUpSignature), {
    jvmSupport: jvmSupportDir(root),
  });
  const argv = plan.compile!.argv;
  const result = compileWarmUp(plan, [
    argv[0],
    `-J-XX:ArchiveClassesAtExit=${archive}`,
    '-J-Xlog:cds=off',
    ...argv.slice(1),
  ]);
  if (result.status !== 0) {
    log(`no javac archive (compile exited ${result.status}): ${result.stderr.slice(0, 500)}`);
    rmSync(archive, { force: true });
  }
}

/** The JVM harness support, then the javac archive trained on a compile that uses it. */
function ensureJava(root: string): { available: boolean; detail: string } {
  const support = ensureJvmSupport(root);
  if (support.available) ensureJavacArchive(root);
  return support;
}

/** Compiles the JVM harness support once (Kotlin needs it; Java boxes then skip compiling it). */
function ensureJvmSupport(root: string): { available: boolean; detail: string } {
  if (!onPath('javac') || !onPath('java')) return { available: false, detail: 'javac or java is missing' };
  const target = jvmSupportDir(root);
  if (existsSync(join(target, 'rce', 'Support.class')))
    return { available: true, detail: `harness support in ${target}` };
  const work = mkdtempSync(join(tmpdir(), 'jvm-support-'));
  try {
    mkdirSync(dirname(join(work, JVM_SUPPORT_PATH)), { recursive: true });
    writeFileSync(join(work, JVM_SUPPORT_PATH), JVM_SUPPORT_SOURCE);
    const result = run(
      'javac',
      ['--release', '11', '-nowarn', '-d', join(work, 'classes'), JVM_SUPPORT_PATH],
      { cwd: work },
    );
    if (result.status !== 0)
      return { available: true, detail: `harness support not compiled: ${result.stderr}` };
    mkdirSync(dirname(target), { recursive: true });
    rmSync(target, { recursive: true, force: true });
    renameSync(join(work, 'classes'), target);
    return { available: true, detail: `harness support compiled into ${target}` };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function ensureKotlin(root: string): Promise<{ available: boolean; detail: string }> {
  if (!onPath('java')) return { available: false, detail: 'java is missing (Kotlin runs on the JVM)' };
  const dir = join(root, 'kotlin', KOTLIN_VERSION);
  const manifestPath = join(root, 'kotlin', 'toolchain.json');
  mkdirSync(dir, { recursive: true });
  const jars: string[] = [];
  try {
    for (const artifact of kotlinArtifacts) {
      const file = `${artifact.name}-${artifact.version}.jar`;
      const target = join(dir, file);
      jars.push(target);
      if (existsSync(target) && fileSha1(target) === artifact.sha1) continue;
      const url = `${MAVEN_CENTRAL}/${artifact.group.replace(/\./g, '/')}/${artifact.name}/${artifact.version}/${file}`;
      log(`downloading ${file}`);
      await download(url, artifact.sha1, target);
    }
  } catch (error) {
    return { available: false, detail: `Kotlin compiler download failed: ${(error as Error).message}` };
  }
  const manifest: KotlinToolchainManifest = {
    version: KOTLIN_VERSION,
    compilerClasspath: jars,
    stdlib: join(dir, `kotlin-stdlib-${KOTLIN_VERSION}.jar`),
  };
  const archive = join(dir, 'compiler.jsa');
  const archiveKey = `${archive}.key`;
  const key = createHash('sha1')
    .update(
      JSON.stringify(languageModules.kotlin.plan(warmUpSignature, '', { kotlin: manifest, jvmSupport: 'x' })),
    )
    .digest('hex');
  const current = existsSync(archiveKey) ? readFileSync(archiveKey, 'utf8') : '';
  if (!existsSync(archive) || current !== key) {
    rmSync(archive, { force: true });
    makeKotlinArchive(manifest, archive, jvmSupportDir(root));
    if (existsSync(archive)) writeFileSync(archiveKey, key);
  }
  if (existsSync(archive)) manifest.sharedArchive = archive;
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  return { available: true, detail: `Kotlin ${KOTLIN_VERSION} compiler in ${dir}` };
}

const warmUpSignature = functionSignatureSchema.parse(WARMUP_SIGNATURE);

/** Writes a harness plan for the warm-up signature into a temp dir and runs its compile step there. */
function compileWarmUp(plan: HarnessPlan, argv: string[]): { status: number | null; stderr: string } {
  const work = mkdtempSync(join(tmpdir(), 'toolchain-warm-'));
  try {
    for (const file of plan.files) {
      mkdirSync(dirname(join(work, file.path)), { recursive: true });
      writeFileSync(join(work, file.path), file.content);
    }
    writeFileSync(join(work, 'inputs.json'), '{"nonce":"x","tests":[]}');
    const result = run(argv[0], argv.slice(1), { cwd: work, env: { ...process.env, ...plan.compile?.env } });
    return { status: result.status, stderr: `${result.stdout ?? ''}${result.stderr ?? ''}` };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Records the classes a harness compile loads into a CDS archive; later compiles map them instead. */
function makeKotlinArchive(manifest: KotlinToolchainManifest, archive: string, jvmSupport: string): void {
  log('recording a class-data-sharing archive of the Kotlin compiler');
  const plan = languageModules.kotlin.plan(warmUpSignature, languageModules.kotlin.starter(warmUpSignature), {
    kotlin: manifest,
    jvmSupport,
  });
  const argv = plan.compile!.argv;
  const result = compileWarmUp(plan, [
    argv[0],
    `-XX:ArchiveClassesAtExit=${archive}`,
    '-Xlog:cds=off',
    ...argv.slice(1),
  ]);
  if (result.status !== 0) {
    log(`no class-data-sharing archive (compile exited ${result.status}): ${result.stderr.slice(0, 500)}`);
    rmSync(archive, { force: true });
  }
}

function ensureGoCache(root: string): { available: boolean; detail: string } {
  if (!onPath('go')) return { available: false, detail: 'go is missing' };
  const cache = join(root, 'go-cache');
  const started = Date.now();
  if (!existsSync(cache)) log('warming the Go build cache and the standard library (minutes, once)');
  const plan = languageModules.go.plan(warmUpSignature, languageModules.go.starter(warmUpSignature), {
    goCache: cache,
  });
  const result = compileWarmUp(plan, plan.compile!.argv);
  if (result.status !== 0)
    return { available: true, detail: `go build cache not warmed: ${result.stderr.trim()}` };
  const std = ensureGoStd(root, cache);
  return { available: true, detail: `go build cache ready in ${cache} (${Date.now() - started} ms); ${std}` };
}

/**
 * Compiles the standard library once (`go list -export std`, CGO off, into the warm cache) and copies
 * each package's archive into <root>/go-std/<hash of go version>, with an importcfg naming them: a build
 * is then the compiler and the linker on these archives, without the go command's cache look-ups.
 */
function ensureGoStd(root: string, goCache: string): string {
  const goVersion = run('go', ['version']).stdout.trim();
  const dir = join(root, 'go-std', createHash('sha1').update(goVersion).digest('hex').slice(0, 12));
  if (existsSync(join(dir, 'toolchain.json'))) return `standard archives in ${dir}`;
  const started = Date.now();
  const env = {
    ...process.env,
    GOCACHE: goCache,
    CGO_ENABLED: '0',
    GOTOOLCHAIN: 'local',
    GOFLAGS: '-buildvcs=false',
    GOPROXY: 'off',
  };
  const toolDir = run('go', ['env', 'GOTOOLDIR'], { env }).stdout.trim();
  const listed = run(
    'go',
    ['list', '-export', '-f', '{{if .Export}}{{.ImportPath}}={{.Export}}{{end}}', 'std'],
    {
      env,
    },
  );
  if (listed.status !== 0)
    return `no standard archives (go list failed: ${listed.stderr.trim().slice(0, 300)})`;
  const staging = `${dir}.partial-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  const config: string[] = [];
  for (const line of listed.stdout.split('\n').filter(Boolean)) {
    const [importPath, archive] = line.split('=');
    const relative = join('pkg', `${importPath}.a`);
    mkdirSync(dirname(join(staging, relative)), { recursive: true });
    copyFileSync(archive, join(staging, relative));
    config.push(`packagefile ${importPath}=${join(dir, relative)}`);
  }
  writeFileSync(join(staging, 'importcfg'), `${config.join('\n')}\n`);
  const compile = join(toolDir, 'compile');
  const { size, mtimeMs } = statSync(compile);
  const manifest: GoStdToolchain = {
    goVersion,
    compile,
    link: join(toolDir, 'link'),
    importcfg: join(dir, 'importcfg'),
    compiler: { size, mtimeMs },
  };
  writeFileSync(join(staging, 'toolchain.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  rmSync(dir, { recursive: true, force: true });
  renameSync(staging, dir);
  return `${config.length} standard archives in ${dir} (${Date.now() - started} ms)`;
}

/**
 * Precompiles bits/stdc++.h with the harness's flags into <root>/cpp/bits (g++ looks there via -I), beside
 * a copy of the header itself: the .gch serves only the first include of a unit (the harness's), and a
 * learner's own `#include <bits/stdc++.h>` after it must find the header's text there (every header it
 * names is already included, so it costs nothing).
 */
function ensureCppHeader(root: string): { available: boolean; detail: string } {
  if (!onPath('g++')) return { available: false, detail: 'g++ is missing' };
  const target = join(root, 'cpp', 'bits', 'stdc++.h.gch');
  const copy = join(root, 'cpp', 'bits', 'stdc++.h');
  const ready = { available: true, detail: `g++ found, precompiled header in ${dirname(target)}` };
  if (existsSync(target) && existsSync(copy)) return ensureCppCommonHeader(root, ready);
  const probe = spawnSync('g++', [...CPP_FLAGS, '-x', 'c++', '-E', '-H', '-'], {
    input: '#include <bits/stdc++.h>\n',
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const header = /^\. (\S*bits\/stdc\+\+\.h)$/m.exec(probe.stderr ?? '')?.[1];
  if (!header)
    return { available: true, detail: 'g++ found; bits/stdc++.h not found, no precompiled header' };
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(header, `${copy}.partial`);
  renameSync(`${copy}.partial`, copy);
  if (existsSync(target)) return ready;
  log('precompiling bits/stdc++.h');
  const result = run('g++', [...CPP_FLAGS, '-x', 'c++-header', header, '-o', `${target}.partial`]);
  if (result.status !== 0)
    return { available: true, detail: `g++ found; precompiling failed: ${result.stderr}` };
  renameSync(`${target}.partial`, target);
  return ensureCppCommonHeader(root, ready);
}

/**
 * The smaller precompiled header (CPP_COMMON_HEADER, the headers most learners' code uses) beside
 * bits/stdc++.h: made again when its list changed. Without it, every unit starts with the whole library.
 */
function ensureCppCommonHeader(
  root: string,
  ready: { available: boolean; detail: string },
): { available: boolean; detail: string } {
  const header = join(root, 'cpp', CPP_COMMON_HEADER);
  const target = `${header}.gch`;
  const text = cppCommonHeaderText();
  if (existsSync(target) && existsSync(header) && readFileSync(header, 'utf8') === text) return ready;
  log(`precompiling ${CPP_COMMON_HEADER}`);
  rmSync(header, { force: true });
  const staging = `${header}.partial.h`;
  writeFileSync(staging, text);
  const result = run('g++', [...CPP_FLAGS, '-x', 'c++-header', staging, '-o', `${target}.partial`]);
  rmSync(staging, { force: true });
  if (result.status !== 0)
    return {
      ...ready,
      detail: `${ready.detail}; precompiling ${CPP_COMMON_HEADER} failed: ${result.stderr}`,
    };
  renameSync(`${target}.partial`, target);
  // The header last: detectToolchains takes both files, and the header's text, as the sign it is done.
  writeFileSync(header, text);
  return ready;
}

export const NUMPY_VERSION = '2.3.5';
/** The boxed Python is Debian's (the box's PATH has no pyenv or /usr/local Python). */
const BOX_PYTHON = '/usr/bin/python3';
/**
 * SHA-256 of numpy's wheels for the CPython versions of Debian 12 and 13 on x86_64 and arm64: pip refuses
 * anything else (--require-hashes), so a wheel that changed upstream or a Python without one fails loudly.
 */
const NUMPY_WHEEL_SHA256 = [
  '8cba086a43d54ca804ce711b2a940b16e452807acebe7852ff327f1ecd49b0d4', // cp311 manylinux x86_64
  '3095bdb8dd297e5920b010e96134ed91d852d81d490e787beca7e35ae1d89cf7', // cp311 manylinux aarch64
  '11e06aa0af8c0f05104d56450d6093ee639e15f24ecf62d417329d06e522e017', // cp313 manylinux x86_64
  '9c75442b2209b8470d6d5d8b1c25714270686f14c749028d2199c54e29f20b4d', // cp313 manylinux aarch64
];

/** What python-packages/manifest.json records: installed again when any of it changes. */
export type PythonPackagesManifest = { python: string; requirements: string };

/**
 * numpy for the boxed Python: pip (Debian's python3-pip, installed through apt-get when missing) installs
 * the pinned, hash-checked wheel into <root>/python-packages/site, binary only and without dependencies;
 * manifest.json (the Python's version and the requirements) is written last and tells detectToolchains
 * it is complete. Idempotent: the same Python and requirements find it in place.
 */
function ensurePythonPackages(root: string): { available: boolean; detail: string } {
  if (!existsSync(BOX_PYTHON)) return { available: false, detail: `${BOX_PYTHON} is missing` };
  const dir = join(root, 'python-packages');
  const requirements = `numpy==${NUMPY_VERSION} ${NUMPY_WHEEL_SHA256.map((h) => `--hash=sha256:${h}`).join(' ')}\n`;
  const python = run(BOX_PYTHON, ['-c', 'import sys; print(sys.version.split()[0])']).stdout.trim();
  const manifest: PythonPackagesManifest = { python, requirements };
  const manifestPath = join(dir, 'manifest.json');
  const current = existsSync(manifestPath) ? readFileSync(manifestPath, 'utf8') : '';
  const ready = { available: true, detail: `python3 ${python} with numpy ${NUMPY_VERSION} in ${dir}` };
  if (current === `${JSON.stringify(manifest)}\n`) return ready;
  if (run(BOX_PYTHON, ['-m', 'pip', '--version']).status !== 0) {
    const apt = aptInstall(['python3-pip']);
    if (!apt.available) return { available: false, detail: `pip for ${BOX_PYTHON}: ${apt.detail}` };
  }
  log(`installing numpy ${NUMPY_VERSION} (hash-checked wheel) for ${BOX_PYTHON} ${python} into ${dir}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const requirementsPath = join(dir, 'requirements.txt');
  writeFileSync(requirementsPath, requirements);
  const install = run(
    BOX_PYTHON,
    [
      ...['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--no-input'],
      ...['--no-deps', '--only-binary=:all:', '--require-hashes', '--no-compile'],
      ...['--target', join(dir, 'site'), '-r', requirementsPath],
    ],
    { env: { ...process.env, PIP_BREAK_SYSTEM_PACKAGES: '1', PYTHONDONTWRITEBYTECODE: '1' } },
  );
  const check = run(BOX_PYTHON, ['-B', '-c', 'import numpy; print(numpy.__version__)'], {
    env: { ...process.env, PYTHONPATH: join(dir, 'site') },
  });
  if (install.status !== 0 || check.stdout.trim() !== NUMPY_VERSION)
    return {
      available: false,
      detail: `numpy not installed: ${`${install.stderr}${check.stderr}`.trim().slice(-600)}`,
    };
  // Compiled once here, read-only in the boxes (which never write bytecode: python3 -B).
  run(BOX_PYTHON, ['-m', 'compileall', '-q', join(dir, 'site')]);
  writeFileSync(manifestPath, `${JSON.stringify(manifest)}\n`);
  return { ...ready, detail: `${ready.detail} (installed)` };
}

/** apt-get install as root or through passwordless sudo, non-interactive; `apt-get update` on a miss. */
function aptInstall(packages: string[]): { available: boolean; detail: string } {
  const isRoot = process.getuid?.() === 0;
  if (!isRoot && run('sudo', ['-n', 'true']).status !== 0)
    return { available: false, detail: `install with: sudo apt-get install ${packages.join(' ')}` };
  const aptGet = (args: string[]) => {
    const [file, rest] = isRoot
      ? ['apt-get', args]
      : ['sudo', ['-n', 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', ...args]];
    log(`running: ${[file, ...rest].join(' ')}`);
    return spawnSync(file, rest, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  };
  let install = aptGet(['install', '-y', '-q', '--no-install-recommends', ...packages]);
  if (install.status !== 0) {
    aptGet(['update', '-q']);
    install = aptGet(['install', '-y', '-q', '--no-install-recommends', ...packages]);
  }
  return install.status === 0
    ? { available: true, detail: `${packages.join(', ')} installed` }
    : { available: false, detail: `apt-get install ${packages.join(' ')} failed (exit ${install.status})` };
}

function programs(names: string[]): { available: boolean; detail: string } {
  const missing = names.filter((name) => !onPath(name));
  return missing.length === 0
    ? { available: true, detail: `${names.join(', ')} found` }
    : { available: false, detail: `missing: ${missing.join(', ')}` };
}

/** Installs what is missing and answers, per language, whether its toolchain is there. */
export async function ensureToolchains(): Promise<ToolchainReport> {
  const root = toolchainsDir();
  mkdirSync(root, { recursive: true });
  const report: ToolchainReport = {
    csharp: ensureMono(),
    cpp: ensureCppHeader(root),
    go: ensureGoCache(root),
    java: ensureJava(root),
    javascript: programs(['node']),
    kotlin: await ensureKotlin(root),
    python: onPath('python3') ? ensurePythonPackages(root) : programs(['python3']),
    swift: onPath('swiftc')
      ? { available: true, detail: 'swiftc found' }
      : { available: false, detail: 'no Swift toolchain can be installed on this machine' },
    typescript: programs(['node']),
  };
  const detected = detectToolchains(root);
  if (report.kotlin.available && (!detected.kotlin || !detected.jvmSupport))
    report.kotlin = { available: false, detail: 'toolchain.json unusable' };
  for (const [language, { available, detail }] of Object.entries(report)) {
    log(`${language.padEnd(10)} ${available ? 'available  ' : 'UNAVAILABLE'} ${detail}`);
  }
  return report;
}

if (require.main === module) {
  const strict = process.argv.includes('--strict');
  ensureToolchains().then(
    (report) => {
      const missing = Object.entries(report).filter(([language, r]) => !r.available && language !== 'swift');
      if (strict && missing.length > 0) process.exit(1);
    },
    (error: unknown) => {
      console.error('[ensure-toolchains] failed:', error);
      process.exit(1);
    },
  );
}
