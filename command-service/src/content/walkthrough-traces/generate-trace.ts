/*
 * Makes the walkthrough trace of a question (contracts/src/content/walkthrough-trace.ts): its Python
 * reference solution runs under the tracer (tracer-source.ts) in the engine's sandbox, with the Python
 * the engine judges with, on the question's first visible test. The trace is kept beside the question
 * as `trace.json` with the digest of what made it, so only the questions whose solution, signature,
 * test or tracer changed are traced again (`node command-service/dist/content/walkthrough-traces/cli.js`).
 * A trace larger than MAX_TRACE_BYTES is traced again with fewer steps, so it always fits in the
 * QuestionPublished event that carries it.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type JsonTest,
  type WalkthroughTrace,
  TRACE_FORMAT,
  TRACE_MAX_STEPS,
  walkthroughTraceSchema,
} from '@app/contracts';
import type { Sandbox } from '../../execution/sandbox';
import { defaultRunLimits } from '../../execution/languages/run-tests';
import { sha256Of } from '../canonical-json';
import type { ContentQuestion } from '../content-files';
import { TRACER_FILE, TRACER_INPUT_FILE, TRACER_RESULT_FILE, TRACER_SOURCE } from './tracer-source';

export const TRACE_FILE = 'trace.json';
/** Largest trace kept (JSON bytes): with the question's other fields it stays under an event's 64 KiB. */
export const MAX_TRACE_BYTES = 32 * 1024;

type TracedQuestion = Pick<ContentQuestion, 'slug' | 'signature' | 'tests' | 'solutions'>;

/** The test a trace follows: the first visible one (the prompt's example, as a rule). */
export function tracedTest(question: Pick<ContentQuestion, 'tests'>): { index: number; test: JsonTest } {
  const index = question.tests.findIndex((t) => !t.hidden);
  return { index: Math.max(index, 0), test: question.tests[Math.max(index, 0)] };
}

/** What a trace depends on; a trace whose digest differs is stale. */
export function traceDigest(question: TracedQuestion): string {
  const { index, test } = tracedTest(question);
  return sha256Of({
    format: TRACE_FORMAT,
    // What this module adds to the tracer's result, so a change of it makes the traces again.
    shape: 2,
    tracer: TRACER_SOURCE,
    maxSteps: TRACE_MAX_STEPS,
    maxBytes: MAX_TRACE_BYTES,
    solution: question.solutions.python ?? null,
    signature: question.signature,
    test: index,
    input: test.input,
    expected: test.output,
  });
}

export const tracePath = (questionFolder: string) => join(questionFolder, TRACE_FILE);

/** The trace kept in a question's folder, undefined when there is none or it does not parse. */
export function readTraceFile(questionFolder: string): WalkthroughTrace | undefined {
  const path = tracePath(questionFolder);
  if (!existsSync(path)) return undefined;
  const parsed = walkthroughTraceSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  return parsed.success ? parsed.data : undefined;
}

/** The trace a question's folder holds when it is current (its digest matches), else undefined. */
export function currentTrace(questionFolder: string, question: TracedQuestion): WalkthroughTrace | undefined {
  const trace = readTraceFile(questionFolder);
  return trace && trace.digest === traceDigest(question) ? trace : undefined;
}

export function writeTraceFile(questionFolder: string, trace: WalkthroughTrace): void {
  writeFileSync(tracePath(questionFolder), `${JSON.stringify(trace)}\n`);
}

/** Runs the tracer once in a box; answers its result or throws with what went wrong. */
async function runTracer(sandbox: Sandbox, question: TracedQuestion, maxSteps: number) {
  const { test } = tracedTest(question);
  const solution = question.solutions.python;
  if (!solution) throw new Error(`${question.slug} has no Python reference solution to trace`);
  const spec = {
    name: question.signature.name,
    params: question.signature.params.map((p) => p.type),
    returns: question.signature.returns,
    args: question.signature.params.map((p) => test.input[p.name]),
    maxSteps,
  };
  const box = await sandbox.open([
    { path: 'solution.py', content: solution },
    { path: TRACER_FILE, content: TRACER_SOURCE },
    { path: TRACER_INPUT_FILE, content: JSON.stringify(spec) },
  ]);
  try {
    const ran = await box.run({
      argv: ['python3', '-B', TRACER_FILE],
      env: { PYTHONHASHSEED: '0' },
      limits: defaultRunLimits,
      resultFile: TRACER_RESULT_FILE,
    });
    if (ran.exitCode !== 0 || !ran.result)
      throw new Error(
        `tracing ${question.slug} failed (exit ${ran.exitCode}${ran.timedOut ? ', timed out' : ''}): ${ran.stderr.slice(-2000)}`,
      );
    return JSON.parse(ran.result) as Record<string, unknown>;
  } finally {
    await box.dispose();
  }
}

/** Traces the question's Python reference solution on its first visible test. */
export async function generateTrace(sandbox: Sandbox, question: TracedQuestion): Promise<WalkthroughTrace> {
  const { index, test } = tracedTest(question);
  for (let maxSteps = TRACE_MAX_STEPS; ; maxSteps = Math.floor(maxSteps * 0.7)) {
    const result = await runTracer(sandbox, question, maxSteps);
    const trace = walkthroughTraceSchema.parse({
      format: TRACE_FORMAT,
      digest: traceDigest(question),
      language: 'python',
      code: question.solutions.python,
      params: question.signature.params.map((p) => p.name),
      test: index,
      input: test.input,
      expected: test.output,
      ...result,
    });
    if (Buffer.byteLength(JSON.stringify(trace)) <= MAX_TRACE_BYTES || maxSteps < 20) return trace;
  }
}
