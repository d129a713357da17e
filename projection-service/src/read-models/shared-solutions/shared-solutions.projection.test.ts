import { sharedSolutionStreamId, userStreamId } from '@app/contracts';
import type { GivenEvent } from '@app/server-kit';
import { ProjectionScenario } from '../../runtime/testing/projection-scenario';
import { sharedSolutionsProjection as projection } from './shared-solutions.projection';

const ada = '00000000-0000-4000-8000-00000000000a';
const learners = Array.from({ length: 9 }, (_, i) => `00000000-0000-4000-8000-00000000010${i}`);

const shared = (solutionId: string, authorId = ada, language: 'python' | 'go' = 'python'): GivenEvent => ({
  type: 'SharedSolutionSubmitted',
  streamId: sharedSolutionStreamId(solutionId),
  data: {
    solutionId,
    questionId: 'q1',
    authorId,
    title: `T ${solutionId}`,
    explanation: '',
    language,
    solution: 'x',
  },
});
const voted = (
  solutionId: string,
  userId: string,
  vote: -1 | 0 | 1,
  previousVote: -1 | 0 | 1,
): GivenEvent => ({
  type: 'SharedSolutionVoted',
  streamId: sharedSolutionStreamId(solutionId),
  data: { solutionId, userId, vote, previousVote },
});
const upvotes = (rows: Record<string, Record<string, unknown>[]>) =>
  Object.fromEntries(rows.rm_shared_solutions.map((row) => [row.solution_id, row.upvotes]));

describe('shared solutions read model', () => {
  let scenario: ProjectionScenario;
  beforeAll(async () => {
    scenario = await ProjectionScenario.start();
  });
  afterAll(async () => {
    await scenario.stop();
  });

  it('given votes cast, switched and withdrawn, when projected in one batch or one by one, then each count is the sum of the current votes', async () => {
    const events = [
      shared('s1'),
      shared('s2'),
      voted('s1', learners[0], 1, 0),
      voted('s1', learners[1], 1, 0),
      voted('s1', learners[0], -1, 1),
      voted('s2', learners[2], -1, 0),
      voted('s1', learners[1], 0, 1),
      voted('s2', learners[2], 1, -1),
    ];
    for (const batchSize of [1, 3, events.length]) {
      const rows = await scenario.given(projection, events, { batchSize });
      expect(upvotes(rows)).toEqual({ s1: -1, s2: 1 });
    }
  });

  it('given a vote delivered again after a later one, then the later vote stands', async () => {
    const events = scenario.events([
      shared('s1'),
      voted('s1', learners[0], 1, 0),
      voted('s1', learners[0], -1, 1),
    ]);
    const once = await scenario.given(projection, events);
    await scenario.applyBatch(projection, [events[1]]);
    expect(await scenario.rows(projection)).toEqual(once);
    expect(upvotes(once)).toEqual({ s1: -1 });
  });

  it('given a deletion, a hiding and a wipe, then the solutions are marked and the wiped author’s votes stay counted', async () => {
    const rows = await scenario.given(projection, [
      shared('s1'),
      shared('s2', learners[3]),
      shared('s3'),
      voted('s2', ada, 1, 0),
      { type: 'SharedSolutionDeleted', streamId: sharedSolutionStreamId('s1'), data: { solutionId: 's1' } },
      {
        type: 'SharedSolutionHidden',
        streamId: sharedSolutionStreamId('s3'),
        data: { solutionId: 's3', reason: 'Spam', authorUserId: null },
      },
      { type: 'AccountWiped', streamId: userStreamId(ada), data: { userId: ada } },
    ]);
    const byId = Object.fromEntries(rows.rm_shared_solutions.map((row) => [row.solution_id, row]));
    expect(byId.s1).toMatchObject({
      removed_at: expect.any(Date),
      hidden_reason: null,
      author_removed: true,
    });
    expect(byId.s2).toMatchObject({ removed_at: null, upvotes: 1, author_removed: false });
    expect(byId.s3).toMatchObject({
      removed_at: expect.any(Date),
      hidden_reason: 'Spam',
      author_removed: true,
    });
  });

  it('a rebuild gives the same rows as the live run', async () => {
    const events: GivenEvent[] = [shared('s1'), shared('s2', learners[4], 'go')];
    learners.forEach((learner, i) => {
      events.push(voted(i % 2 ? 's1' : 's2', learner, 1, 0));
      if (i % 3 === 0) events.push(voted(i % 2 ? 's1' : 's2', learner, -1, 1));
    });
    events.push({ type: 'AccountWiped', streamId: userStreamId(learners[4]), data: { userId: learners[4] } });
    for (const liveBatchSize of [1, 4]) {
      const rows = await scenario.rebuildEqualsLive(projection, events, liveBatchSize);
      expect(upvotes(rows)).toEqual({ s1: 2, s2: 1 });
    }
  });
});
