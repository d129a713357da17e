import { LICENCE_EVENT_TYPES, type LicenceBook, emptyLicenceBook, foldLicenceEvent } from '@app/contracts';
import { defineProjection } from '../../runtime/projection';

const eventTypes = [
  'LicenceSeatsAdded',
  'LicenceSeatsWithdrawn',
  'LicenceKeyCreated',
  'LicenceKeyEdited',
  'LicenceKeyDeleted',
  'LicenceKeyApplied',
] as const satisfies typeof LICENCE_EVENT_TYPES;

/**
 * Licence stores, one per holder: the holder's licence stream folded by the contracts' licence rule,
 * the same fold the command side decides on, so unused counts here are the command side's numbers.
 * A batch loads its holders' books once, folds their events in order and writes each book once. All
 * of a holder's events are on one stream, so every feed (catch-up or Kafka) delivers them in order.
 */
export const licencesProjection = defineProjection({
  name: 'licences',
  eventTypes,
  tables: ['rm_licence_books', 'rm_licence_key_holders'],
  async apply(events, tx) {
    const holderIds = [...new Set(events.map((e) => e.data.holderId))];
    const { rows } = await tx.query<{ holder_id: string; book: LicenceBook }>(
      'SELECT holder_id, book FROM rm_licence_books WHERE holder_id = ANY($1::uuid[])',
      [holderIds],
    );
    const books = new Map(rows.map((r) => [r.holder_id, r.book]));
    const codes: { code: string; holder_id: string }[] = [];
    for (const event of events) {
      const holderId = event.data.holderId;
      const book = books.get(holderId) ?? emptyLicenceBook();
      books.set(holderId, foldLicenceEvent(book, event, event.metadata.occurredAt));
      if (event.type === 'LicenceKeyCreated') codes.push({ code: event.data.code, holder_id: holderId });
    }
    await tx.query(
      `INSERT INTO rm_licence_books (holder_id, book)
       SELECT x.holder_id, x.book FROM jsonb_to_recordset($1::jsonb) AS x(holder_id uuid, book jsonb)
       ON CONFLICT (holder_id) DO UPDATE SET book = EXCLUDED.book`,
      [JSON.stringify([...books].map(([holder_id, book]) => ({ holder_id, book })))],
    );
    if (codes.length > 0) {
      await tx.query(
        `INSERT INTO rm_licence_key_holders (code, holder_id)
         SELECT x.code, x.holder_id FROM jsonb_to_recordset($1::jsonb) AS x(code text, holder_id uuid)
         ON CONFLICT (code) DO NOTHING`,
        [JSON.stringify(codes)],
      );
    }
  },
});
