import type { CodingLanguage, FirstCodeRunRecorded, ProblemProductId } from '@app/contracts';
import type { NewEvent } from '@app/server-kit';

/** A learner's runs as far as events go: whether their first one is recorded. */
export type FirstRunState = { recorded: boolean };

export type CodeRun = {
  userId: string;
  product: ProblemProductId;
  questionId: string;
  language: CodingLanguage;
};

export function evolveFirstRun(_state: FirstRunState, _event: FirstCodeRunRecorded): FirstRunState {
  return { recorded: true };
}

/** A run is an event only when it is the learner's first: later runs append nothing. */
export function decideFirstRun(state: FirstRunState, run: CodeRun): NewEvent<'FirstCodeRunRecorded'>[] {
  if (state.recorded) return [];
  return [
    {
      type: 'FirstCodeRunRecorded',
      data: { userId: run.userId, product: run.product, questionId: run.questionId, language: run.language },
    },
  ];
}
