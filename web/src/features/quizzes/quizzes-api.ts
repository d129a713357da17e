import {
  type ProblemProductId,
  answerQuiz,
  createFitbSubmission,
  createMcqSubmission,
  finishQuiz,
  getUnlocksRoute,
  listQuizzes,
  revealPracticeSolution,
  startQuiz,
} from '@app/contracts';
import { api } from '@/shared/api/api-slice';
import { contractMutation, contractQuery } from '@/shared/api/contract-endpoint';

/**
 * A product's quiz calls (spec 7): the quiz with the learner's answers, start (or restart), answer and
 * finish, each judged on the server; and the learner's unlock progress, for the best score against the
 * score the certificate needs. Finishing moves the score, so it refreshes the unlocks.
 */
export const quizzesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listQuizzes: contractQuery(build, listQuizzes, { providesTags: ['Quizzes'] }),
    startQuiz: contractMutation(build, startQuiz, { invalidatesTags: ['Quizzes'] }),
    answerQuiz: contractMutation(build, answerQuiz, { invalidatesTags: ['Quizzes'] }),
    finishQuiz: contractMutation(build, finishQuiz, {
      invalidatesTags: ['Quizzes', 'Unlocks', 'Certificates'],
    }),
    getQuizUnlocks: contractQuery(build, getUnlocksRoute, { providesTags: ['Unlocks'] }),
    // Practice of one question (quiz, lesson practice or course assessment): judged on the server, it
    // never changes the quiz; a first right answer moves the unlock counts and the course assessment.
    submitMcq: contractMutation(build, createMcqSubmission, {
      invalidatesTags: ['Unlocks', 'CourseAssessments'],
    }),
    submitFitb: contractMutation(build, createFitbSubmission, {
      invalidatesTags: ['Unlocks', 'CourseAssessments'],
    }),
    // A lesson practice question's answer shown before it is answered: no count moves.
    revealPracticeSolution: contractMutation(build, revealPracticeSolution),
  }),
});

export const {
  useListQuizzesQuery,
  useStartQuizMutation,
  useAnswerQuizMutation,
  useFinishQuizMutation,
  useGetQuizUnlocksQuery,
  useSubmitMcqMutation,
  useSubmitFitbMutation,
  useRevealPracticeSolutionMutation,
} = quizzesApi;

/**
 * Practice of one question (submissions/mcq/create or submissions/fitb/create, by the question's kind),
 * judged on the server: `submit` answers the verdict and the question with its answer and explanation.
 */
export function useSubmitChoice(product: ProblemProductId) {
  const [submitMcq, mcq] = useSubmitMcqMutation();
  const [submitFitb, fitb] = useSubmitFitbMutation();
  const submit = (question: { id: string; kind: 'mcq' | 'fitb' }, value: QuizAnswerValue) => {
    const request = { questionId: question.id, answers: [String(value)] };
    return question.kind === 'mcq'
      ? submitMcq({ params: { product }, request }).unwrap()
      : submitFitb({ params: { product }, request }).unwrap();
  };
  return { submit, busy: mcq.isLoading || fitb.isLoading };
}

/** A learner's answer: an mcq's choice index, a fill-in-the-blank's text. */
export type QuizAnswerValue = number | string | string[];

/**
 * A question as the server shows it: its answer, explanation and verdict only once the learner answered
 * it or finished the quiz (contracts rules/quiz.ts, quizQuestionView).
 */
export type QuizQuestionView = {
  id: string;
  order: number;
  topic: string;
  kind: 'mcq' | 'fitb';
  prompt: string;
  choices?: string[];
  answer?: number;
  answers?: string[];
  explanation?: string;
  isCorrect?: boolean;
};

/** The quiz as quiz/list and the quiz commands answer it (the contract passes these fields through). */
export type QuizView = {
  id: string;
  userAnswers: Record<string, QuizAnswerValue>;
  score?: number | null;
  correctCount?: number | null;
  bestScore?: number | null;
  finishedAt?: string | null;
  questions: QuizQuestionView[];
};

/** Whether the server has judged a question (its verdict and explanation are in). */
export const isJudged = (question: QuizQuestionView) => question.isCorrect !== undefined;

/** The right answer of a judged question, as text. */
export function rightAnswerText(question: QuizQuestionView): string {
  if (question.kind === 'mcq') return question.choices?.[question.answer ?? -1] ?? '';
  return (question.answers ?? []).join(' or ');
}

/** What the learner answered, as text. */
export function givenAnswerText(question: QuizQuestionView, given: QuizAnswerValue | undefined): string {
  if (given === undefined) return 'Not answered';
  if (question.kind === 'mcq') {
    const index = typeof given === 'number' ? given : Number(given);
    return question.choices?.[index] ?? String(given);
  }
  return Array.isArray(given) ? given.join(', ') : String(given);
}
