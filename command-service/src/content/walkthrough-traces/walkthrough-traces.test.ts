/*
 * Every algorithms question carries a current walkthrough trace: made from its Python reference
 * solution as it is now, on its first visible test, ending with the solution's return of that test's
 * expected output. Two questions are traced again in the real sandbox to show a trace is reproducible
 * (the same file byte for byte). CONTENT_ONLY=slug,slug checks a few.
 */
import { join } from 'node:path';
import { compareOutputs, parseType } from '@app/contracts';
import { createSandbox, type Sandbox } from '../../execution/sandbox';
import { detectToolchains, toolchainBinds } from '../../execution/languages/toolchains';
import { contentDir, loadContentQuestions } from '../content-files';
import { generateTrace, MAX_TRACE_BYTES, readTraceFile, traceDigest, tracedTest } from './generate-trace';

const only = process.env.CONTENT_ONLY?.split(',').filter(Boolean);
const questions = loadContentQuestions().filter((q) => !only || only.includes(q.slug));
const folderOf = (slug: string) => join(contentDir(), 'algorithms', 'questions', slug);

describe('the walkthrough traces of the content', () => {
  it.each(questions.map((q) => [q.slug, q] as const))(
    '%s has a current trace ending with the expected output',
    (slug, question) => {
      const trace = readTraceFile(folderOf(slug));
      expect(trace).toBeDefined();
      if (!trace) return;
      // Stale when the solution, signature or test changed since it was made: run the cli.
      expect(trace.digest).toBe(traceDigest(question));
      const { index, test } = tracedTest(question);
      expect(trace.test).toBe(index);
      expect(trace.code).toBe(question.solutions.python);
      expect(trace.expected).toEqual(test.output);
      const verdict = compareOutputs(
        parseType(question.signature.returns),
        test.output,
        trace.output,
        question.compare,
      );
      expect(verdict).toEqual(expect.objectContaining({ match: true }));
      // It starts with the call of the solution's function and ends with that call's return.
      const first = trace.steps[0];
      const last = trace.steps[trace.steps.length - 1];
      expect(first.event).toBe('call');
      expect(trace.functions[first.stack[0][0]]).toBe(question.signature.name);
      expect(last.event).toBe('return');
      expect(last.stack).toEqual([[first.stack[0][0], last.line]]);
      expect(last.value).not.toBeUndefined();
      const lines = question.solutions.python!.split('\n').length;
      for (const step of trace.steps) expect(step.line).toBeLessThanOrEqual(lines);
      expect(Buffer.byteLength(JSON.stringify(trace))).toBeLessThanOrEqual(MAX_TRACE_BYTES);
    },
  );
});

describe('tracing a reference solution in the sandbox', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await createSandbox({
      production: false,
      logger: { warn: () => undefined },
      bubblewrap: { extraBinds: toolchainBinds(detectToolchains()) },
    });
  });
  afterAll(async () => {
    await sandbox?.close?.();
  });

  // A tree with nested calls, and an array indexed by pointers with a dict beside it.
  it.each(['repair-swapped-bst', 'longest-distinct-stretch'])(
    'gives %s the same trace as the one kept',
    async (slug) => {
      const question = loadContentQuestions().find((q) => q.slug === slug)!;
      const trace = await generateTrace(sandbox, question);
      expect(trace).toEqual(readTraceFile(folderOf(slug)));
    },
    30_000,
  );

  it('records the variables and the heap the code changes', async () => {
    const question = {
      slug: 'sample',
      signature: {
        name: 'sample',
        params: [{ name: 'values', type: 'int[]' }],
        returns: 'int',
      },
      tests: [{ input: { values: [3, 1, 2] }, output: 6 }],
      solutions: {
        python:
          'def sample(values):\n    total = 0\n    for i in range(len(values)):\n        total += values[i]\n    values.append(total)\n    return total\n',
      },
    };
    const trace = await generateTrace(sandbox, question);
    expect(trace.output).toBe(6);
    expect(trace.indexes).toEqual({ sample: { values: ['i'] } });
    expect(trace.steps.map((s) => [s.event, s.line])).toEqual([
      ['call', 1],
      ['line', 2],
      ['line', 3],
      ['line', 4],
      ['line', 3],
      ['line', 4],
      ['line', 3],
      ['line', 4],
      ['line', 3],
      ['line', 5],
      ['line', 6],
      ['return', 6],
    ]);
    expect(trace.steps[0].locals).toEqual({ '0': { values: { ref: 0 } } });
    expect(trace.steps[0].heap).toEqual({ '0': { kind: 'list', items: [3, 1, 2] } });
    expect(trace.steps[10].heap).toEqual({ '0': { kind: 'list', items: [3, 1, 2, 6] } });
    expect(trace.steps[11].value).toBe(6);
    expect(trace.truncated).toBe(false);
  }, 30_000);
});
