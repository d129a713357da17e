/*
 * Prebuilt harness parts: a language may compile the part of its harness that depends only on the
 * question's signature (C++: the JSON reader and writer, instantiated for the signature's types, and
 * main) once per signature, in a box like any compile, and give the object to every later build of that
 * question, which then compiles the learner's code alone and links. The object is kept in the build
 * cache under its own key (the generated source, command and toolchain), so it is made again only
 * after an eviction or a toolchain change. Anything going wrong only means the whole harness is compiled
 * with the learner's code, as without a prebuild.
 */
import type { FunctionSignature } from '@app/contracts';
import type { BoxFile, BoxLimits, Sandbox } from '../sandbox';
import type { BuildCache } from './build-cache';
import { MAX_BUILD_BYTES } from './build-cache';
import type { LanguageModule, PlanMemory } from './language';
import type { Toolchains } from './toolchains';

/** Concurrent first builds of one signature share one compile. */
const pending = new Map<string, Promise<BoxFile[] | undefined>>();

export async function prebuiltFiles(request: {
  sandbox: Sandbox;
  language: LanguageModule;
  toolchains: Toolchains;
  signature: FunctionSignature;
  memory: PlanMemory;
  compileLimits: BoxLimits;
  cache: BuildCache;
}): Promise<BoxFile[] | undefined> {
  const { sandbox, language, toolchains, cache } = request;
  const step = language.prebuild?.(request.signature, toolchains, request.memory);
  if (!step) return undefined;
  const plan = { files: step.files, compile: step.compile, run: { argv: [] } };
  const lookup = cache.lookup(sandbox, language, toolchains, plan);
  if (lookup.hit?.kind === 'outputs') return lookup.hit.files;
  if (lookup.hit) return undefined;
  const key = `${language.id}\0${JSON.stringify(plan)}`;
  const running = pending.get(key);
  if (running) return running;
  const build = (async () => {
    const box = await sandbox.open(step.files);
    try {
      const compiled = await box.run({
        argv: step.compile.argv,
        env: step.compile.env,
        limits: request.compileLimits,
      });
      if (compiled.exitCode !== 0 || compiled.timedOut || compiled.signal || !box.readFiles) return undefined;
      const read = await box.readFiles(step.compile.outputs, MAX_BUILD_BYTES);
      if (!('files' in read)) {
        lookup.refused(read.refused);
        return undefined;
      }
      await lookup.store({ kind: 'outputs', files: read.files });
      return read.files;
    } finally {
      await box.dispose();
    }
  })();
  pending.set(key, build);
  try {
    return await build;
  } catch {
    return undefined;
  } finally {
    pending.delete(key);
  }
}
