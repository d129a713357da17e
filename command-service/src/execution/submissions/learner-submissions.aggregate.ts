import type { ProblemProductId, QuestionOutcome } from '@app/contracts';
import type { Aggregate } from '../../infrastructure/aggregate-store';

/**
 * A learner's submissions stream folded: the latest status of each question, per product. A reset of
 * a product forgets what came before it. The fold's accumulator is its own (a fresh initial state per
 * load), so evolve extends it in place rather than copying a map per event.
 */
export type LearnerSubmissions = Map<ProblemProductId, Map<string, string>>;

export const learnerSubmissions: Aggregate<LearnerSubmissions> = {
  initialState: () => new Map(),
  evolve(state, event) {
    switch (event.type) {
      case 'CodeSubmitted': {
        const product = state.get(event.data.product) ?? new Map<string, string>();
        product.set(event.data.questionId, event.data.status);
        state.set(event.data.product, product);
        return state;
      }
      case 'SubmissionsReset':
        state.delete(event.data.product);
        return state;
      default:
        return state;
    }
  },
};

/** The latest outcome of every question of one product. */
export function outcomesOf(state: LearnerSubmissions, product: ProblemProductId): QuestionOutcome[] {
  return [...(state.get(product) ?? [])].map(([questionId, status]) => ({ questionId, status }));
}
