import { type UserDataDocument, applyUserDataSet } from '@app/contracts';
import { defineProjection } from '../../runtime/projection';

type Stored = { document: UserDataDocument; updatedAt: string; changed: boolean };

/**
 * Learners' saved data per product. A batch loads the documents its sets touch (one query), folds the
 * sets in order with the same merge the command side checks sizes with, then deletes what wipes
 * removed and upserts the changed documents (one statement each). A wipe also leaves the user's id in
 * rm_user_data_wiped_users, and sets of a wiped user are dropped whenever they arrive: from Kafka a set
 * (its own stream) may come after the wipe (the user's stream). updated_at is the last set's
 * occurredAt, so a rebuild writes the same rows as the live run.
 */
export const userDataProjection = defineProjection({
  name: 'user-data',
  eventTypes: ['UserDataSet', 'AccountWiped'],
  tables: ['rm_user_data', 'rm_user_data_wiped_users'],
  async apply(events, tx) {
    const sets = events.filter((event) => event.type === 'UserDataSet').map((event) => event.data);
    const keyOf = (userId: string, product: string) => `${userId}\u0000${product}`;
    const documents = new Map<string, Stored & { userId: string; product: string }>();
    const wiped = new Set<string>();
    if (sets.length > 0) {
      const pairs = [...new Map(sets.map((s) => [keyOf(s.userId, s.product), s])).values()];
      const { rows } = await tx.query<{
        user_id: string;
        product: string;
        document: UserDataDocument;
        updated_at: Date;
      }>(
        `SELECT d.user_id, d.product, d.document, d.updated_at FROM rm_user_data d
           JOIN unnest($1::uuid[], $2::text[]) AS k (user_id, product)
             ON d.user_id = k.user_id AND d.product = k.product`,
        [pairs.map((s) => s.userId), pairs.map((s) => s.product)],
      );
      for (const row of rows) {
        documents.set(keyOf(row.user_id, row.product), {
          userId: row.user_id,
          product: row.product,
          document: row.document,
          updatedAt: row.updated_at.toISOString(),
          changed: false,
        });
      }
      const users = [...new Set(sets.map((s) => s.userId))];
      const known = await tx.query<{ user_id: string }>(
        'SELECT user_id FROM rm_user_data_wiped_users WHERE user_id = ANY($1::uuid[])',
        [users],
      );
      for (const row of known.rows) wiped.add(row.user_id);
    }
    const wipedNow: string[] = [];
    for (const event of events) {
      if (event.type === 'UserDataSet') {
        const set = event.data;
        if (wiped.has(set.userId)) continue;
        const key = keyOf(set.userId, set.product);
        const before = documents.get(key);
        documents.set(key, {
          userId: set.userId,
          product: set.product,
          document: applyUserDataSet(before?.document ?? {}, set),
          updatedAt: event.metadata.occurredAt,
          changed: true,
        });
      } else if (event.type === 'AccountWiped') {
        const { userId } = event.data;
        wiped.add(userId);
        wipedNow.push(userId);
        for (const [key, stored] of documents) if (stored.userId === userId) documents.delete(key);
      }
    }
    if (wipedNow.length > 0) {
      await tx.query('DELETE FROM rm_user_data WHERE user_id = ANY($1::uuid[])', [wipedNow]);
      await tx.query(
        'INSERT INTO rm_user_data_wiped_users (user_id) SELECT unnest($1::uuid[]) ON CONFLICT DO NOTHING',
        [wipedNow],
      );
    }
    const changed = [...documents.values()].filter((stored) => stored.changed);
    if (changed.length === 0) return;
    await tx.query(
      `INSERT INTO rm_user_data (user_id, product, document, updated_at)
         SELECT user_id, product, document, updated_at
           FROM jsonb_to_recordset($1::jsonb)
             AS x (user_id uuid, product text, document jsonb, updated_at timestamptz)
       ON CONFLICT (user_id, product) DO UPDATE SET
         document = EXCLUDED.document, updated_at = EXCLUDED.updated_at`,
      [
        JSON.stringify(
          changed.map((stored) => ({
            user_id: stored.userId,
            product: stored.product,
            document: stored.document,
            updated_at: stored.updatedAt,
          })),
        ),
      ],
    );
  },
});
