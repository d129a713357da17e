/*
 * Where the toolchains that are not plain programs on PATH live: the TypeScript compiler module, the
 * Kotlin compiler jars (installed by infra's ensure-toolchains) and a warm Go build cache. The bubblewrap
 * sandbox must bind these paths read-only (the Go cache writable or overlaid) for those languages to work.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { JVM_SUPPORT_HASH } from './jvm-support';

export type KotlinToolchain = {
  version: string;
  compilerClasspath: string[];
  stdlib: string;
  sharedArchive?: string;
};

/** toolchain.json of a go-std directory: the compiler and linker it was built for, and its importcfg. */
export type GoStdToolchain = {
  goVersion: string;
  compile: string;
  link: string;
  /** `packagefile <import path>=<archive>` for every standard package, archives in this directory. */
  importcfg: string;
  /** The compiler's size and modification time when the archives were made: another Go needs new ones. */
  compiler: { size: number; mtimeMs: number };
};

export type Toolchains = {
  /** Absolute path of the typescript package's main file, when installed. */
  typescript?: string;
  kotlin?: KotlinToolchain;
  /** GOCACHE for builds; a warm one saves compiling the standard library (about 20 s) on every build. */
  goCache?: string;
  /**
   * The standard library compiled once (infra's ensure-toolchains), so a build is `compile` then `link`
   * on these archives: about 0.15 s instead of `go build`'s 0.3 s.
   */
  goStd?: GoStdToolchain;
  /** Class-data-sharing archive of javac (about 0.3 s per compile instead of 0.45). */
  javacArchive?: string;
  /** Compiled JVM harness support (jvm-support.ts) for this source version: needed by Kotlin, speeds Java. */
  jvmSupport?: string;
  /**
   * A directory holding bits/stdc++.h.gch built with CPP_FLAGS and a copy of bits/stdc++.h: compiles take
   * about 1 s instead of 4.
   */
  cppPrecompiled?: string;
  /**
   * CPP_COMMON_HEADER and its .gch are in the cppPrecompiled directory too: a learner's unit that does not
   * include bits/stdc++.h itself is compiled with this smaller header first (its .gch loads in about a
   * third of the whole library's time).
   */
  cppCommon?: boolean;
  /**
   * site-packages of the boxed Python (numpy, installed by infra's ensure-toolchains with pip --target):
   * bound read-only into boxes and named by the Python plan's PYTHONPATH.
   */
  pythonPackages?: string;
  /** binutils' gold linker is installed: a learner's C++ program links in a tenth of ld.bfd's CPU time. */
  cppGold?: boolean;
};

/** Where Debian's binutils put gold (the box binds /usr as it is). */
const GOLD_LINKER = '/usr/bin/ld.gold';

/** g++ flags of every C++ build; the precompiled header is only used when built with the same ones. */
export const CPP_FLAGS = ['-std=c++17', '-O2', '-pipe'];

/**
 * The standard headers most learners' C++ uses, precompiled beside bits/stdc++.h: a learner's file that
 * does not include bits/stdc++.h is compiled with these first, and with the whole library when that
 * fails (a name from a header not listed here), so what compiles is what compiled with the whole library.
 */
export const CPP_COMMON_HEADER = 'common-std.h';
export const CPP_COMMON_INCLUDES = [
  'algorithm',
  'array',
  'bitset',
  'cassert',
  'cctype',
  'climits',
  'cmath',
  'cstdint',
  'cstdio',
  'cstdlib',
  'cstring',
  'deque',
  'functional',
  'iomanip',
  'iostream',
  'iterator',
  'limits',
  'list',
  'map',
  'memory',
  'numeric',
  'queue',
  'set',
  'sstream',
  'stack',
  'string',
  'tuple',
  'unordered_map',
  'unordered_set',
  'utility',
  'vector',
];

/** The text of CPP_COMMON_HEADER. */
export const cppCommonHeaderText = () =>
  `// Precompiled for the judge's C++ builds (see CPP_COMMON_INCLUDES).\n${CPP_COMMON_INCLUDES.map((name) => `#include <${name}>\n`).join('')}`;

/** A signature touching every harness feature, for warming caches and training archives. */
export const WARMUP_SIGNATURE = {
  name: 'warmUp',
  params: [
    { name: 'head', type: 'ListNode' },
    { name: 'root', type: 'TreeNode' },
    { name: 'weights', type: 'map<string,float[]>' },
    { name: 'words', type: 'string[][]' },
    { name: 'flag', type: 'bool' },
    { name: 'count', type: 'long' },
  ],
  returns: 'int[]',
};

/** TOOLCHAINS_DIR, else <repo>/.data/toolchains (the same from src and from dist). */
export function toolchainsDir(): string {
  return process.env.TOOLCHAINS_DIR ?? resolve(__dirname, '..', '..', '..', '..', '.data', 'toolchains');
}

/** Where ensure-toolchains compiles the JVM harness support of the current source. */
export function jvmSupportDir(dir: string = toolchainsDir()): string {
  return join(dir, 'jvm-support', JVM_SUPPORT_HASH);
}

/** Finds what is installed on this machine. */
export function detectToolchains(dir: string = toolchainsDir()): Toolchains {
  const toolchains: Toolchains = {};
  try {
    toolchains.typescript = require.resolve('typescript');
  } catch {
    // TypeScript stays unavailable
  }
  const kotlinManifest = join(dir, 'kotlin', 'toolchain.json');
  if (existsSync(kotlinManifest)) {
    const kotlin = JSON.parse(readFileSync(kotlinManifest, 'utf8')) as KotlinToolchain;
    if ([...kotlin.compilerClasspath, kotlin.stdlib].every((jar) => existsSync(jar))) {
      if (kotlin.sharedArchive && !existsSync(kotlin.sharedArchive)) delete kotlin.sharedArchive;
      toolchains.kotlin = kotlin;
    }
  }
  if (existsSync(join(dir, 'go-cache'))) toolchains.goCache = join(dir, 'go-cache');
  const goStd = findGoStd(join(dir, 'go-std'));
  if (goStd) toolchains.goStd = goStd;
  if (existsSync(join(dir, 'java', 'javac.jsa'))) toolchains.javacArchive = join(dir, 'java', 'javac.jsa');
  const jvmSupport = jvmSupportDir(dir);
  if (existsSync(join(jvmSupport, 'rce', 'Support.class'))) toolchains.jvmSupport = jvmSupport;
  // The header's copy too: with the .gch alone, a learner's own `#include <bits/stdc++.h>` is not found.
  if (['stdc++.h.gch', 'stdc++.h'].every((file) => existsSync(join(dir, 'cpp', 'bits', file))))
    toolchains.cppPrecompiled = join(dir, 'cpp');
  if (
    toolchains.cppPrecompiled &&
    existsSync(join(dir, 'cpp', `${CPP_COMMON_HEADER}.gch`)) &&
    readIfPresent(join(dir, 'cpp', CPP_COMMON_HEADER)) === cppCommonHeaderText()
  )
    toolchains.cppCommon = true;
  if (existsSync(GOLD_LINKER)) toolchains.cppGold = true;
  // manifest.json is written last: without it the install is partial or failed.
  if (existsSync(join(dir, 'python-packages', 'manifest.json')))
    toolchains.pythonPackages = join(dir, 'python-packages', 'site');
  return toolchains;
}

function readIfPresent(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** Host paths a bubblewrap box must see (read-only, at the same path) for these toolchains to work. */
export function toolchainBinds(toolchains: Toolchains): { hostPath: string }[] {
  const paths = [
    toolchains.typescript && resolve(dirname(toolchains.typescript), '..'),
    toolchains.kotlin && dirname(toolchains.kotlin.stdlib),
    toolchains.goCache,
    toolchains.goStd && dirname(toolchains.goStd.importcfg),
    toolchains.cppPrecompiled,
    toolchains.jvmSupport,
    toolchains.javacArchive && dirname(toolchains.javacArchive),
    toolchains.pythonPackages,
  ];
  return paths.filter((path): path is string => typeof path === 'string').map((hostPath) => ({ hostPath }));
}

/** The go-std directory made for the Go installed now, if any. */
function findGoStd(root: string): GoStdToolchain | undefined {
  let entries: string[];
  try {
    entries = readdirSync(root);
  } catch {
    return undefined;
  }
  for (const entry of entries) {
    try {
      const manifest = JSON.parse(
        readFileSync(join(root, entry, 'toolchain.json'), 'utf8'),
      ) as GoStdToolchain;
      const compiler = statSync(manifest.compile);
      if (
        compiler.size === manifest.compiler.size &&
        compiler.mtimeMs === manifest.compiler.mtimeMs &&
        existsSync(manifest.link) &&
        existsSync(manifest.importcfg)
      )
        return manifest;
    } catch {
      // a partial or foreign directory: not this Go's
    }
  }
  return undefined;
}
