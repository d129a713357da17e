import { z } from 'zod';
import { checkCompareOptions, compareOptionsSchema } from './compare';
import { checkTestInput, checkValue, functionSignatureSchema, parseType } from './signature';

/** One JSON test: the input keyed by parameter name and the expected output; hidden ones are never shown. */
export const jsonTestSchema = z.object({
  input: z.record(z.string(), z.unknown()),
  output: z.unknown(),
  hidden: z.boolean().optional(),
});
export type JsonTest = z.infer<typeof jsonTestSchema>;

/**
 * What the engine needs to judge a coding question: its signature, how outputs compare, and its tests.
 * Every test must fit the signature and the compare options must fit the return type.
 */
export const judgedQuestionSchema = z
  .object({
    signature: functionSignatureSchema,
    compare: compareOptionsSchema.optional(),
    tests: z.array(jsonTestSchema).min(1).max(200),
  })
  .superRefine((question, ctx) => {
    const returns = parseType(question.signature.returns);
    const compareProblem = checkCompareOptions(returns, question.compare);
    if (compareProblem) ctx.addIssue({ code: 'custom', path: ['compare'], message: compareProblem });
    question.tests.forEach((test, i) => {
      const inputProblem = checkTestInput(question.signature, test.input);
      if (inputProblem) ctx.addIssue({ code: 'custom', path: ['tests', i, 'input'], message: inputProblem });
      const outputProblem = checkValue(returns, test.output);
      if (outputProblem)
        ctx.addIssue({ code: 'custom', path: ['tests', i, 'output'], message: outputProblem });
    });
  });
export type JudgedQuestion = z.infer<typeof judgedQuestionSchema>;
