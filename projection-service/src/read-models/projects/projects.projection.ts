import { defineProjection } from '../../runtime/projection';

/**
 * Projects: the latest version of each Solidity project (an older version never overwrites a newer one,
 * so replays and redeliveries are harmless), keeping where it was first published for the list's order.
 */
export const projectsProjection = defineProjection({
  name: 'projects',
  eventTypes: ['SolidityProjectPublished'],
  tables: ['rm_projects'],
  async apply(events, tx) {
    for (const event of events) {
      const { product, projectId, version, project, starter, solution, support } = event.data;
      const { name, difficulty, free, summary, ...detail } = project;
      await tx.query(
        `INSERT INTO rm_projects AS p
           (product, project_id, version, first_xid, first_pos, name, difficulty, free, summary, detail,
            published_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT (product, project_id) DO UPDATE SET
           version = EXCLUDED.version, name = EXCLUDED.name, difficulty = EXCLUDED.difficulty,
           free = EXCLUDED.free, summary = EXCLUDED.summary, detail = EXCLUDED.detail,
           published_at = EXCLUDED.published_at
         WHERE EXCLUDED.version > p.version`,
        [
          product,
          projectId,
          version,
          event.transactionId.toString(),
          event.position.toString(),
          name,
          difficulty,
          free,
          summary,
          JSON.stringify({ ...detail, starter, solution, support: support ?? null }),
          event.metadata.occurredAt,
        ],
      );
    }
  },
});
