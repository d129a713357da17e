import type { Aggregate } from '../infrastructure/aggregate-store';
import type { SupportTicketState } from './open-support-ticket/decide-open-support-ticket';

/** A ticket's stream folded: whether it was opened (replies and closing come with the staff's tickets). */
export const supportTicketAggregate: Aggregate<SupportTicketState> = {
  initialState: () => ({ isOpened: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'SupportTicketOpened':
        return { isOpened: true };
      default:
        return state;
    }
  },
};
