import { defineProjection } from '../../runtime/projection';

/**
 * Comments on shared solutions, with their replies counted on the parent and their votes summed
 * from each voter's current vote. Set-based per batch: postings, latest texts (moving only forward
 * in the comment's revisions), votes, the touched counts recomputed, removals, wipes. A removed
 * comment keeps its row (its replies stay in the thread); a wiped author's comments stay, marked as
 * from a removed account, and their votes stay counted (see the shared-solutions read model).
 */
export const solutionCommentsProjection = defineProjection({
  name: 'solution-comments',
  eventTypes: [
    'SolutionCommentPosted',
    'SolutionCommentEdited',
    'SolutionCommentVoted',
    'SolutionCommentDeleted',
    'SolutionCommentHidden',
    'AccountWiped',
  ],
  tables: ['rm_solution_comments', 'rm_solution_comment_votes'],
  async apply(events, tx) {
    const posted = [];
    const parents = new Set<string>();
    const edits = new Map<string, { comment_id: string; content: string; revision: number }>();
    const votes = new Map<string, { comment_id: string; user_id: string; vote: number; revision: number }>();
    const removed = [];
    const wiped = [];
    for (const event of events) {
      switch (event.type) {
        case 'SolutionCommentPosted': {
          const { commentId, solutionId, parentId, authorId, content } = event.data;
          posted.push({
            comment_id: commentId,
            solution_id: solutionId,
            parent_id: parentId,
            author_id: authorId,
            content,
            content_revision: event.revision,
            posted_position: event.position.toString(),
            posted_at: event.metadata.occurredAt,
          });
          if (parentId !== null) parents.add(parentId);
          break;
        }
        case 'SolutionCommentEdited':
          edits.set(event.data.commentId, {
            comment_id: event.data.commentId,
            content: event.data.content,
            revision: event.revision,
          });
          break;
        case 'SolutionCommentVoted': {
          const { commentId, userId, vote } = event.data;
          votes.set(`${commentId} ${userId}`, {
            comment_id: commentId,
            user_id: userId,
            vote,
            revision: event.revision,
          });
          break;
        }
        case 'SolutionCommentDeleted':
        case 'SolutionCommentHidden':
          removed.push({
            comment_id: event.data.commentId,
            removed_at: event.metadata.occurredAt,
            hidden_reason: event.type === 'SolutionCommentHidden' ? event.data.reason : null,
          });
          break;
        case 'AccountWiped':
          wiped.push(event.data.userId);
          break;
      }
    }
    if (posted.length > 0) {
      await tx.query(
        `INSERT INTO rm_solution_comments
           (comment_id, solution_id, parent_id, author_id, content, content_revision, posted_position, posted_at)
         SELECT comment_id, solution_id, parent_id, author_id, content, content_revision, posted_position, posted_at
           FROM jsonb_to_recordset($1::jsonb) AS c(comment_id text, solution_id text, parent_id text, author_id uuid,
             content text, content_revision integer, posted_position bigint, posted_at timestamptz)
         ON CONFLICT (comment_id) DO NOTHING`,
        [JSON.stringify(posted)],
      );
    }
    if (parents.size > 0) {
      await tx.query(
        `UPDATE rm_solution_comments p
            SET num_children = (SELECT count(*) FROM rm_solution_comments c WHERE c.parent_id = p.comment_id)
          WHERE p.comment_id = ANY($1::text[])`,
        [[...parents]],
      );
    }
    if (edits.size > 0) {
      await tx.query(
        `UPDATE rm_solution_comments c
            SET content = e.content, content_revision = e.revision, was_edited = true
           FROM jsonb_to_recordset($1::jsonb) AS e(comment_id text, content text, revision integer)
          WHERE c.comment_id = e.comment_id AND c.content_revision < e.revision`,
        [JSON.stringify([...edits.values()])],
      );
    }
    if (votes.size > 0) {
      const rows = [...votes.values()];
      await tx.query(
        `INSERT INTO rm_solution_comment_votes (comment_id, user_id, vote, revision)
         SELECT comment_id, user_id, vote, revision
           FROM jsonb_to_recordset($1::jsonb) AS v(comment_id text, user_id uuid, vote smallint, revision integer)
         ON CONFLICT (comment_id, user_id) DO UPDATE SET vote = excluded.vote, revision = excluded.revision
           WHERE rm_solution_comment_votes.revision < excluded.revision`,
        [JSON.stringify(rows)],
      );
      await tx.query(
        `UPDATE rm_solution_comments c
            SET upvotes = (SELECT COALESCE(sum(v.vote), 0) FROM rm_solution_comment_votes v
                            WHERE v.comment_id = c.comment_id)
          WHERE c.comment_id = ANY($1::text[])`,
        [[...new Set(rows.map((row) => row.comment_id))]],
      );
    }
    if (removed.length > 0) {
      await tx.query(
        `UPDATE rm_solution_comments c
            SET removed_at = COALESCE(c.removed_at, r.removed_at),
                hidden_reason = COALESCE(c.hidden_reason, r.hidden_reason)
           FROM jsonb_to_recordset($1::jsonb) AS r(comment_id text, removed_at timestamptz, hidden_reason text)
          WHERE c.comment_id = r.comment_id`,
        [JSON.stringify(removed)],
      );
    }
    if (wiped.length > 0) {
      await tx.query(
        `UPDATE rm_solution_comments SET author_removed = true WHERE author_id = ANY($1::uuid[])`,
        [wiped],
      );
    }
  },
});
