import { type LicenceBook, emptyLicenceBook, foldLicenceEvent, isLicenceEvent } from '@app/contracts';
import type { Aggregate } from '../infrastructure/aggregate-store';

/** A holder's licence stream folded by the licence rule (stored facts are applied without its checks). */
export const licencesAggregate: Aggregate<LicenceBook> = {
  initialState: emptyLicenceBook,
  evolve: (book, event) =>
    isLicenceEvent(event) ? foldLicenceEvent(book, event, event.metadata.occurredAt) : book,
};
