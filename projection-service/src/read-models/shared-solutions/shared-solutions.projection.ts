import { defineProjection } from '../../runtime/projection';

/**
 * Shared solutions and their votes. A batch is written set-based, in the order a solution's own
 * stream allows: sharings, then the voters' latest votes (a vote row moves only forward in its
 * stream's revisions, so an event delivered again changes nothing), then each touched solution's
 * count recomputed as the sum of its current votes, then removals and wipes. Votes of a wiped
 * account stay counted: they were cast, carry no personal data, and taking them back would change
 * rankings others saw; the author's content stays, marked as from a removed account.
 */
export const sharedSolutionsProjection = defineProjection({
  name: 'shared-solutions',
  eventTypes: [
    'SharedSolutionSubmitted',
    'SharedSolutionVoted',
    'SharedSolutionDeleted',
    'SharedSolutionHidden',
    'AccountWiped',
  ],
  tables: ['rm_shared_solutions', 'rm_shared_solution_votes'],
  async apply(events, tx) {
    const shared = [];
    const votes = new Map<string, { solution_id: string; user_id: string; vote: number; revision: number }>();
    const removed = [];
    const wiped = [];
    for (const event of events) {
      switch (event.type) {
        case 'SharedSolutionSubmitted': {
          const { solutionId, questionId, authorId, title, explanation, language, solution } = event.data;
          shared.push({
            solution_id: solutionId,
            question_id: questionId,
            author_id: authorId,
            title,
            explanation,
            language,
            solution,
            shared_position: event.position.toString(),
            shared_at: event.metadata.occurredAt,
          });
          break;
        }
        case 'SharedSolutionVoted': {
          const { solutionId, userId, vote } = event.data;
          votes.set(`${solutionId} ${userId}`, {
            solution_id: solutionId,
            user_id: userId,
            vote,
            revision: event.revision,
          });
          break;
        }
        case 'SharedSolutionDeleted':
        case 'SharedSolutionHidden':
          removed.push({
            solution_id: event.data.solutionId,
            removed_at: event.metadata.occurredAt,
            hidden_reason: event.type === 'SharedSolutionHidden' ? event.data.reason : null,
          });
          break;
        case 'AccountWiped':
          wiped.push(event.data.userId);
          break;
      }
    }
    if (shared.length > 0) {
      await tx.query(
        `INSERT INTO rm_shared_solutions
           (solution_id, question_id, author_id, title, explanation, language, solution, shared_position, shared_at)
         SELECT solution_id, question_id, author_id, title, explanation, language, solution, shared_position, shared_at
           FROM jsonb_to_recordset($1::jsonb) AS s(solution_id text, question_id text, author_id uuid, title text,
             explanation text, language text, solution text, shared_position bigint, shared_at timestamptz)
         ON CONFLICT (solution_id) DO NOTHING`,
        [JSON.stringify(shared)],
      );
    }
    if (votes.size > 0) {
      const rows = [...votes.values()];
      await tx.query(
        `INSERT INTO rm_shared_solution_votes (solution_id, user_id, vote, revision)
         SELECT solution_id, user_id, vote, revision
           FROM jsonb_to_recordset($1::jsonb) AS v(solution_id text, user_id uuid, vote smallint, revision integer)
         ON CONFLICT (solution_id, user_id) DO UPDATE SET vote = excluded.vote, revision = excluded.revision
           WHERE rm_shared_solution_votes.revision < excluded.revision`,
        [JSON.stringify(rows)],
      );
      await tx.query(
        `UPDATE rm_shared_solutions s
            SET upvotes = (SELECT COALESCE(sum(v.vote), 0) FROM rm_shared_solution_votes v
                            WHERE v.solution_id = s.solution_id)
          WHERE s.solution_id = ANY($1::text[])`,
        [[...new Set(rows.map((row) => row.solution_id))]],
      );
    }
    if (removed.length > 0) {
      await tx.query(
        `UPDATE rm_shared_solutions s
            SET removed_at = COALESCE(s.removed_at, r.removed_at),
                hidden_reason = COALESCE(s.hidden_reason, r.hidden_reason)
           FROM jsonb_to_recordset($1::jsonb) AS r(solution_id text, removed_at timestamptz, hidden_reason text)
          WHERE s.solution_id = r.solution_id`,
        [JSON.stringify(removed)],
      );
    }
    if (wiped.length > 0) {
      await tx.query(
        `UPDATE rm_shared_solutions SET author_removed = true WHERE author_id = ANY($1::uuid[])`,
        [wiped],
      );
    }
  },
});
