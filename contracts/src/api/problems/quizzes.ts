import { z } from 'zod';
import { commandAckSchema, defineCall, ownerOfPathProduct } from '../define';
import { built } from '../build-state';
import type { Access } from '../define';
import { post } from '../call-path';
import { emptyRequest, idSchema, problemProductParams, timestampSchema } from '../common';

/* Spec 7, Problems: the quizzes of a product, and the systems-design quiz. */

const systemsexpertOwner: Access = { kind: 'owner', product: 'systemsexpert' };

/** A quiz answer: one choice, several choices, or a number. */
export const quizAnswerSchema = z.union([
  z.string().max(10_000),
  z.array(z.string().max(1000)).max(50),
  z.number(),
]);

const quizAnswersSchema = z.record(idSchema, quizAnswerSchema);

/**
 * Quiz of spec 3: questions pass through (each without its answer and explanation until the learner
 * answered it or finished the quiz: rules/quiz.ts); userAnswers is what setting answers replaces; score is a percentage.
 */
export const quizSchema = z
  .object({
    id: idSchema,
    userAnswers: quizAnswersSchema,
    score: z.number().nullable().optional(),
    finishedAt: timestampSchema.nullable().optional(),
  })
  .loose();
export type Quiz = z.infer<typeof quizSchema>;

const quizIdRequest = z.object({ id: idSchema });

const quizAnswersRequest = z.object({ id: idSchema, answers: quizAnswersSchema });

const quizReply = commandAckSchema.extend({ quiz: quizSchema });

export const listQuizzes = defineCall({
  route: post('listQuizzes', '/api/problems/v1/{product}/quiz/list'),
  state: built,
  kind: 'query',
  access: ownerOfPathProduct,
  params: problemProductParams,
  summary: "The product's quizzes with the user's answers.",
  request: emptyRequest,
  response: z.array(quizSchema),
});

export const startQuiz = defineCall({
  route: post('startQuiz', '/api/problems/v1/{product}/quiz/start'),
  state: built,
  kind: 'command',
  access: ownerOfPathProduct,
  params: problemProductParams,
  summary: 'Start (or restart) a quiz.',
  request: quizIdRequest,
  response: quizReply,
});

export const answerQuiz = defineCall({
  route: post('answerQuiz', '/api/problems/v1/{product}/quiz/answer'),
  state: built,
  kind: 'command',
  access: ownerOfPathProduct,
  params: problemProductParams,
  summary: "Replace the quiz's answers.",
  request: quizAnswersRequest,
  response: quizReply,
});

export const finishQuiz = defineCall({
  route: post('finishQuiz', '/api/problems/v1/{product}/quiz/finish'),
  state: built,
  kind: 'command',
  access: ownerOfPathProduct,
  params: problemProductParams,
  summary: 'Finish a quiz and score it.',
  request: quizAnswersRequest,
  response: quizReply,
});

/*
 * "also on systems-design-quiz" (spec 7): read as the same four calls on a systems-design-quiz
 * resource beside assessments, /api/problems/v1/systems-design-quiz/..., owned by systemsexpert.
 */
export const listSystemsDesignQuizzes = defineCall({
  route: post('listSystemsDesignQuizzes', '/api/problems/v1/systems-design-quiz/list'),
  state: built,
  kind: 'query',
  access: systemsexpertOwner,
  summary: "The systems-design quizzes with the user's answers.",
  request: emptyRequest,
  response: z.array(quizSchema),
});

export const startSystemsDesignQuiz = defineCall({
  route: post('startSystemsDesignQuiz', '/api/problems/v1/systems-design-quiz/start'),
  state: built,
  kind: 'command',
  access: systemsexpertOwner,
  summary: 'Start (or restart) a systems-design quiz.',
  request: quizIdRequest,
  response: quizReply,
});

export const answerSystemsDesignQuiz = defineCall({
  route: post('answerSystemsDesignQuiz', '/api/problems/v1/systems-design-quiz/answer'),
  state: built,
  kind: 'command',
  access: systemsexpertOwner,
  summary: "Replace the systems-design quiz's answers.",
  request: quizAnswersRequest,
  response: quizReply,
});

export const finishSystemsDesignQuiz = defineCall({
  route: post('finishSystemsDesignQuiz', '/api/problems/v1/systems-design-quiz/finish'),
  state: built,
  kind: 'command',
  access: systemsexpertOwner,
  summary: 'Finish a systems-design quiz and score it.',
  request: quizAnswersRequest,
  response: quizReply,
});
