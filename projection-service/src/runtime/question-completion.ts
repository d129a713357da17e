import type { PoolClient } from 'pg';
import type { RecordedEventOfType } from '@app/contracts';

/** The events that move a learner's completion of a product's questions. */
export const completionEventTypes = [
  'QuestionPublished',
  'FrontendQuestionPublished',
  'CodeSubmitted',
  'SubmissionsReset',
  'AccountWiped',
] as const;
export type CompletionEvent = RecordedEventOfType<(typeof completionEventTypes)[number]>;

/**
 * The tables a completion read model keeps for itself (each read model its own, so each rebuilds
 * alone): the published questions per product, every learner's latest outcome per question, and
 * the wiped learners (their submissions and resets may arrive after the wipe, from Kafka: another stream).
 */
export type CompletionTables = { questions: string; latest: string; wiped: string };

export const completionTables = (prefix: string): CompletionTables => ({
  questions: `${prefix}_questions`,
  latest: `${prefix}_latest`,
  wiped: `${prefix}_wiped_users`,
});

/** What a batch may have moved: learners' products, and products with newly published questions. */
export type CompletionChanges = { learners: { userId: string; product: string }[]; products: string[] };

type Latest = { user_id: string; product: string; question_id: string; correct: boolean };

/**
 * Applies a batch to the completion tables, in order: a reset or a wipe writes what came before it,
 * then deletes. `onEvent` sees each event first (for what a read model keeps beyond completion).
 * Answers what the batch may have changed, for the read model to recompute its answers of.
 */
export async function applyCompletion(
  tx: PoolClient,
  events: readonly CompletionEvent[],
  tables: CompletionTables,
  onEvent: (event: CompletionEvent, wiped: ReadonlySet<string>) => Promise<void> | void = () => undefined,
): Promise<CompletionChanges> {
  const learners = new Map<string, { userId: string; product: string }>();
  const products = new Set<string>();
  const published = new Map<string, { product: string; question_id: string }>();
  // A submission or a reset (the submissions stream) may come after the learner's wipe (the user's).
  const learnerIds = [
    ...new Set(
      events.flatMap((event) =>
        event.type === 'CodeSubmitted' || event.type === 'SubmissionsReset' ? [event.data.userId] : [],
      ),
    ),
  ];
  const wiped = new Set(
    learnerIds.length === 0
      ? []
      : (
          await tx.query<{ user_id: string }>(
            `SELECT user_id FROM ${tables.wiped} WHERE user_id = ANY($1::uuid[])`,
            [learnerIds],
          )
        ).rows.map((row) => row.user_id),
  );
  let latest = new Map<string, Latest>();
  const flush = async () => {
    if (latest.size > 0)
      await tx.query(
        `INSERT INTO ${tables.latest} (user_id, product, question_id, correct)
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::boolean[])
         ON CONFLICT (user_id, product, question_id) DO UPDATE SET correct = EXCLUDED.correct`,
        [
          [...latest.values()].map((row) => row.user_id),
          [...latest.values()].map((row) => row.product),
          [...latest.values()].map((row) => row.question_id),
          [...latest.values()].map((row) => row.correct),
        ],
      );
    latest = new Map();
  };
  for (const event of events) {
    await onEvent(event, wiped);
    switch (event.type) {
      case 'QuestionPublished':
      case 'FrontendQuestionPublished': {
        // A frontend question (judged in Chromium) counts towards its product like a coding question.
        const { product, questionId } = event.data;
        published.set(`${product}\u0000${questionId}`, { product, question_id: questionId });
        products.add(product);
        break;
      }
      case 'CodeSubmitted': {
        const { userId, product, questionId, status } = event.data;
        if (wiped.has(userId)) break;
        latest.set(`${userId}\u0000${product}\u0000${questionId}`, {
          user_id: userId,
          product,
          question_id: questionId,
          correct: status === 'CORRECT',
        });
        learners.set(`${userId}\u0000${product}`, { userId, product });
        break;
      }
      case 'SubmissionsReset': {
        const { userId, product } = event.data;
        if (wiped.has(userId)) break;
        await flush();
        await tx.query(`DELETE FROM ${tables.latest} WHERE user_id = $1 AND product = $2`, [userId, product]);
        learners.set(`${userId}\u0000${product}`, { userId, product });
        break;
      }
      case 'AccountWiped': {
        const { userId } = event.data;
        await flush();
        wiped.add(userId);
        await tx.query(`DELETE FROM ${tables.latest} WHERE user_id = $1`, [userId]);
        await tx.query(`INSERT INTO ${tables.wiped} (user_id) VALUES ($1) ON CONFLICT DO NOTHING`, [userId]);
        for (const [key, learner] of learners) if (learner.userId === userId) learners.delete(key);
        break;
      }
    }
  }
  await flush();
  if (published.size > 0)
    await tx.query(
      `INSERT INTO ${tables.questions} (product, question_id)
       SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT DO NOTHING`,
      [[...published.values()].map((q) => q.product), [...published.values()].map((q) => q.question_id)],
    );
  return { learners: [...learners.values()], products: [...products] };
}

/**
 * The counts the contracts' unlockCounts gives, for the learners a batch changed (and every learner
 * of a product whose catalogue grew): completed = latest CORRECT among the published questions,
 * required = the published questions. One statement.
 */
export async function completionCounts(
  tx: PoolClient,
  tables: CompletionTables,
  changes: CompletionChanges,
): Promise<{ userId: string; product: string; completed: number; required: number }[]> {
  if (changes.learners.length === 0 && changes.products.length === 0) return [];
  const { rows } = await tx.query<{ user_id: string; product: string; completed: number; required: number }>(
    `WITH learners AS (
       SELECT * FROM unnest($1::uuid[], $2::text[]) AS t(user_id, product)
       UNION
       SELECT DISTINCT user_id, product FROM ${tables.latest} WHERE product = ANY($3::text[])
     )
     SELECT l.user_id, l.product,
            (SELECT count(*)::int FROM ${tables.latest} s JOIN ${tables.questions} q USING (product, question_id)
              WHERE s.user_id = l.user_id AND s.product = l.product AND s.correct) AS completed,
            (SELECT count(*)::int FROM ${tables.questions} q WHERE q.product = l.product) AS required
       FROM learners l`,
    [changes.learners.map((l) => l.userId), changes.learners.map((l) => l.product), changes.products],
  );
  return rows.map((row) => ({
    userId: row.user_id,
    product: row.product,
    completed: row.completed,
    required: row.required,
  }));
}
