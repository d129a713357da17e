import { z } from 'zod';

/*
 * A step-by-step trace of a question's Python reference solution on one of its visible tests, made at
 * build time (command-service/src/content/walkthrough-traces/) and kept beside the question as
 * `trace.json`. The workspace's walkthrough pane animates it: the line about to run, the call stack,
 * every frame's variables and the data structures they reach.
 *
 * Values are JSON scalars (None is null) or `{ ref: n }`, a heap object by id (lists, tuples, dicts,
 * sets, nodes and other objects, so two variables naming one list show one list); numbers JSON cannot
 * hold exactly are `{ num: "text" }`, anything else `{ repr: "text" }`. To stay small a step holds only
 * what changed since the step before: the variables of each frame that changed (`$gone` lists the ones
 * that disappeared) and the heap objects that are new or changed. The stack is given whole.
 */

export const TRACE_FORMAT = 1;
/** Most steps a trace records; later ones are counted in `skippedSteps`, save the final return. */
export const TRACE_MAX_STEPS = 300;

export type TraceValue =
  null | boolean | number | string | { ref: number } | { num: string } | { repr: string };

const traceValueSchema: z.ZodType<TraceValue> = z.union([
  z.null(),
  z.boolean(),
  z.number(),
  z.string(),
  z.object({ ref: z.number().int().min(0) }).strict(),
  z.object({ num: z.string() }).strict(),
  z.object({ repr: z.string() }).strict(),
]);

const heapObjectSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.enum(['list', 'tuple', 'deque', 'set']),
    items: z.array(traceValueSchema),
    more: z.number().int().optional(),
  }),
  z.object({
    kind: z.literal('dict'),
    entries: z.array(z.tuple([traceValueSchema, traceValueSchema])),
    more: z.number().int().optional(),
  }),
  z.object({
    kind: z.literal('object'),
    type: z.string(),
    fields: z.record(z.string(), traceValueSchema),
  }),
]);
export type TraceHeapObject = z.infer<typeof heapObjectSchema>;

const traceStepSchema = z.object({
  /** call: a function starts (its arguments bound); line: the line is about to run; return; exception. */
  event: z.enum(['call', 'line', 'return', 'exception']),
  line: z.number().int().min(1),
  /** Bottom to top: [frame id (index into `functions`), its current line]. */
  stack: z.array(z.tuple([z.number().int().min(0), z.number().int().min(1)])).min(1),
  /** By frame id: the variables that changed, `$gone` naming those that left. */
  locals: z
    .record(z.string(), z.record(z.string(), z.union([traceValueSchema, z.array(z.string())])))
    .optional(),
  /** By heap id: objects new or changed at this step. */
  heap: z.record(z.string(), heapObjectSchema).optional(),
  /** The returned value (return steps). */
  value: traceValueSchema.optional(),
  /** The exception passing through (exception steps). */
  error: z.string().optional(),
  /** Steps left out before this one (a truncated trace keeps its final return). */
  skipped: z.number().int().optional(),
});
export type TraceStep = z.infer<typeof traceStepSchema>;

export const walkthroughTraceSchema = z.object({
  format: z.literal(TRACE_FORMAT),
  /** Digest of what made the trace (tracer, solution, signature, input): a stale trace is made again. */
  digest: z.string().regex(/^[0-9a-f]{64}$/),
  language: z.literal('python'),
  /** The runtime that made it (line events differ a little between Python versions). */
  runtime: z.string(),
  /** The reference solution traced, so line numbers always match the code shown. */
  code: z.string(),
  /** The function's parameters in order (the input object's keys may come back in another order). */
  params: z.array(z.string()),
  /** Which test of the question, its input and its expected output. */
  test: z.number().int().min(0),
  input: z.record(z.string(), z.unknown()),
  expected: z.unknown(),
  /** What the solution returned, written as the signature's JSON. */
  output: z.unknown(),
  /** Function name of every frame id, in order of first appearance. */
  functions: z.array(z.string()),
  /** Per function, the names that index each sequence in the code (`a[i]`): drawn as pointers. */
  indexes: z.record(z.string(), z.record(z.string(), z.array(z.string()))),
  steps: z.array(traceStepSchema).min(1),
  truncated: z.boolean(),
  skippedSteps: z.number().int().min(0),
});
export type WalkthroughTrace = z.infer<typeof walkthroughTraceSchema>;
