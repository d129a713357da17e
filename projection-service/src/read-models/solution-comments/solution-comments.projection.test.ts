import { solutionCommentStreamId, userStreamId } from '@app/contracts';
import type { GivenEvent } from '@app/server-kit';
import { ProjectionScenario } from '../../runtime/testing/projection-scenario';
import { solutionCommentsProjection as projection } from './solution-comments.projection';

const ada = '00000000-0000-4000-8000-00000000000a';
const bob = '00000000-0000-4000-8000-00000000000b';

const posted = (commentId: string, parentId: string | null = null, authorId = ada): GivenEvent => ({
  type: 'SolutionCommentPosted',
  streamId: solutionCommentStreamId(commentId),
  data: { commentId, solutionId: 's1', parentId, authorId, content: `text of ${commentId}` },
});
const voted = (
  commentId: string,
  userId: string,
  vote: -1 | 0 | 1,
  previousVote: -1 | 0 | 1,
): GivenEvent => ({
  type: 'SolutionCommentVoted',
  streamId: solutionCommentStreamId(commentId),
  data: { commentId, userId, vote, previousVote },
});
const edited = (commentId: string, content: string): GivenEvent => ({
  type: 'SolutionCommentEdited',
  streamId: solutionCommentStreamId(commentId),
  data: { commentId, content },
});
const deleted = (commentId: string): GivenEvent => ({
  type: 'SolutionCommentDeleted',
  streamId: solutionCommentStreamId(commentId),
  data: { commentId },
});
const byId = (rows: Record<string, Record<string, unknown>[]>) =>
  Object.fromEntries(rows.rm_solution_comments.map((row) => [row.comment_id, row]));

describe('solution comments read model', () => {
  let scenario: ProjectionScenario;
  beforeAll(async () => {
    scenario = await ProjectionScenario.start();
  });
  afterAll(async () => {
    await scenario.stop();
  });

  it('given a thread with replies, edits, votes and a deletion, when projected in any batch size, then counts, texts and marks follow', async () => {
    const events = [
      posted('c1'),
      posted('r1', 'c1', bob),
      posted('r2', 'c1'),
      posted('rr', 'r1'),
      edited('c1', 'better text'),
      voted('c1', bob, 1, 0),
      voted('c1', ada, 1, 0),
      voted('c1', bob, -1, 1),
      deleted('c1'),
      { type: 'AccountWiped', streamId: userStreamId(bob), data: { userId: bob } } as GivenEvent,
    ];
    for (const batchSize of [1, 4, events.length]) {
      const rows = byId(await scenario.given(projection, events, { batchSize }));
      expect(rows.c1).toMatchObject({
        num_children: 2,
        upvotes: 0,
        content: 'better text',
        was_edited: true,
        removed_at: expect.any(Date),
      });
      expect(rows.r1).toMatchObject({ parent_id: 'c1', num_children: 1, author_removed: true });
      expect(rows.r2).toMatchObject({ num_children: 0, author_removed: false, was_edited: false });
    }
  });

  it('given an older edit delivered again, then the latest text stays', async () => {
    const events = scenario.events([posted('c1'), edited('c1', 'one'), edited('c1', 'two')]);
    const once = await scenario.given(projection, events);
    await scenario.applyBatch(projection, [events[1]]);
    expect(await scenario.rows(projection)).toEqual(once);
    expect(byId(once).c1).toMatchObject({ content: 'two' });
  });

  it('a rebuild gives the same rows as the live run', async () => {
    const events: GivenEvent[] = [posted('c1'), posted('c2', null, bob)];
    for (let i = 0; i < 12; i++) events.push(posted(`r${i}`, i % 2 ? 'c1' : 'c2', i % 3 ? ada : bob));
    events.push(voted('c1', bob, 1, 0), voted('c2', ada, -1, 0), edited('r3', 'changed'), deleted('r4'));
    for (const liveBatchSize of [1, 5]) {
      const rows = byId(await scenario.rebuildEqualsLive(projection, events, liveBatchSize));
      expect([rows.c1.num_children, rows.c2.num_children, rows.c1.upvotes, rows.c2.upvotes]).toEqual([
        6, 6, 1, -1,
      ]);
    }
  });
});
