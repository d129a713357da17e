import type { Aggregate } from '../infrastructure/aggregate-store';

/** A saved query's stream folded: whether it was saved, and whether it was deleted since. */
export type SavedQueryState = { saved: boolean; deleted: boolean };

export const savedQueryAggregate: Aggregate<SavedQueryState> = {
  initialState: () => ({ saved: false, deleted: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'AnalyticsQuerySaved':
        return { ...state, saved: true };
      case 'AnalyticsQueryDeleted':
        return { ...state, deleted: true };
      default:
        return state;
    }
  },
};
