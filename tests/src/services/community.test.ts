import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type Comment,
  type SharedSolution,
  listComments,
  listNestedComments,
  listSharedSolutions,
} from '@app/contracts';
import {
  type Platform,
  call,
  latestPosition,
  rebuildProjection,
  startPlatform,
  tableRows,
} from './platform-harness';
import { type SignedInUser, signInFake, signInWithRoles } from './identity-support';
import { fixtureContent } from './content-support';

/*
 * Community through the gateway against real components (issue 23): sharing after a CORRECT
 * submission judged in the sandbox, the solutions list (pages of 10, votes or newest, language),
 * votes that stay exact with 200 learners voting at once, comments (pages of 20) and replies (batches
 * of 10 by cursor), ownership, staff moderation, an account wipe, and a rebuild equal to the live run.
 */

const QUESTION = 'pair-with-sum';
const BASE = '/api/problems/v1/shared-solutions';
const pythonSolution = readFileSync(
  path.resolve(__dirname, `../../../command-service/src/execution/questions/${QUESTION}/solutions/python`),
  'utf8',
);

const content = fixtureContent([QUESTION], { free: [QUESTION] });
let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform({ env: { PUBLISH_CONTENT: 'true', CONTENT_DIR: content.dir } });
}, 120_000);
afterAll(async () => {
  await platform?.close();
  content.remove();
});

type Ack = { position: string };

async function post<T>(user: SignedInUser | null, route: string, json: unknown, position?: string) {
  return call<T & Ack>(platform.url, `${BASE}/${route}`, {
    json,
    token: user?.token,
    headers: position ? { 'x-min-position': position } : {},
  });
}

/** A learner with a CORRECT submission of the question (judged for real). */
async function solver(name: string): Promise<SignedInUser> {
  const user = await signInFake(platform.url, { name });
  const answer = await call<{ submission: { status: string } }>(
    platform.url,
    '/api/problems/v1/algoexpert/submissions/create',
    { json: { questionId: QUESTION, language: 'python', code: pythonSolution }, token: user.token },
  );
  expect({ status: answer.status, result: answer.body.submission?.status }).toEqual({
    status: 200,
    result: 'CORRECT',
  });
  return user;
}

const solutionInput = (title: string, language = 'python', explanation = 'Walk in from both ends.') => ({
  questionId: QUESTION,
  title,
  explanation,
  language,
  solution: pythonSolution,
});

async function share(user: SignedInUser, title: string, language = 'python') {
  const answer = await post<{ sharedSolution: SharedSolution }>(
    user,
    'submit',
    solutionInput(title, language),
  );
  expect(answer.status).toBe(200);
  return answer.body;
}

async function list(viewer: SignedInUser | null, input: Record<string, unknown>, position?: string) {
  const answer = await post(viewer, 'list', { questionId: QUESTION, ...input }, position);
  expect(answer.status).toBe(200);
  return listSharedSolutions.response.parse(answer.body);
}

async function comment(user: SignedInUser, solutionId: string, text: string, parentId?: string) {
  const answer = await post<{ comment: Comment }>(user, 'comments/create', {
    solutionId,
    content: text,
    parentId,
  });
  expect(answer.status).toBe(200);
  return answer.body;
}

let ada: SignedInUser;
let bob: SignedInUser;
beforeAll(async () => {
  [ada, bob] = await Promise.all([solver('Ada Community'), solver('Bob Community')]);
}, 60_000);

describe('sharing', () => {
  it('needs a sign-in, and a CORRECT submission of the question first; nothing is appended otherwise', async () => {
    const before = await platform.countEvents();
    expect((await post(null, 'submit', solutionInput('Anonymous'))).status).toBe(401);
    const unsolved = await signInFake(platform.url);
    const afterSignIn = await platform.countEvents();
    const refused = await post(unsolved, 'submit', solutionInput('Not solved yet'));
    expect({ status: refused.status, body: refused.body }).toMatchObject({
      status: 403,
      body: { code: 'COMMUNITY_SOLVE_FIRST' },
    });
    expect(afterSignIn).toBeGreaterThan(before);
    expect(await platform.countEvents()).toBe(afterSignIn);
  });

  it('refuses bad input with a 400 and appends nothing', async () => {
    const before = await platform.countEvents();
    for (const bad of [
      { ...solutionInput(''), title: '   ' },
      { ...solutionInput('x'.repeat(201)) },
      { ...solutionInput('ok'), language: 'cobol' },
      { ...solutionInput('ok'), solution: '' },
      { ...solutionInput('ok'), explanation: 'e'.repeat(20_001) },
    ]) {
      const answer = await post(ada, 'submit', bad);
      expect({ status: answer.status, code: (answer.body as { code?: string }).code }).toEqual({
        status: 400,
        code: 'VALIDATION_FAILED',
      });
    }
    const tooLong = await post(ada, 'comments/create', { solutionId: 'x', content: 'c'.repeat(10_001) });
    expect(tooLong.status).toBe(400);
    expect(await platform.countEvents()).toBe(before);
  });

  it('answers the solution as listed, and a retry with the same idempotency key stores it once', async () => {
    const key = '6f1d1c2e-0000-4000-8000-000000000001';
    const first = await call<{ sharedSolution: SharedSolution }>(platform.url, `${BASE}/submit`, {
      json: solutionInput('Idempotent'),
      token: ada.token,
      headers: { 'idempotency-key': key },
    });
    const before = await platform.countEvents();
    const again = await call<{ sharedSolution: SharedSolution }>(platform.url, `${BASE}/submit`, {
      json: solutionInput('Idempotent'),
      token: ada.token,
      headers: { 'idempotency-key': key },
    });
    expect(first.body.sharedSolution).toMatchObject({
      id: key,
      title: 'Idempotent',
      upvotes: 0,
      currentUserVote: 0,
      isOwn: true,
    });
    expect(again.body.sharedSolution.id).toBe(key);
    expect(await platform.countEvents()).toBe(before);
    await post(ada, 'delete', { solutionId: key });
  });
});

describe('the list', () => {
  it('pages by 10, sorts by votes or newest, filters by language, and shows each viewer their own vote', async () => {
    const shared: string[] = [];
    const positions: string[] = [];
    for (let i = 0; i < 11; i++) {
      const answer = await share(i % 2 ? bob : ada, `Solution ${i}`, i === 10 ? 'go' : 'python');
      shared.push(answer.sharedSolution.id);
      positions.push(answer.position);
    }
    const voted = await post<{ upvotes: number; currentUserVote: number }>(bob, 'vote', {
      solutionId: shared[3],
      vote: 1,
    });
    expect(voted.body).toMatchObject({ upvotes: 1, currentUserVote: 1 });
    const down = await post(ada, 'vote', { solutionId: shared[5], vote: -1 });
    const head = latestPosition([...positions, voted.body.position, down.body.position]);

    const byVotes = await list(bob, {}, head);
    expect(byVotes).toMatchObject({ totalCount: 11, hasMore: true });
    expect(byVotes.solutions).toHaveLength(10);
    expect(byVotes.solutions[0]).toMatchObject({
      id: shared[3],
      upvotes: 1,
      currentUserVote: 1,
      isOwn: true,
    });
    expect(byVotes.solutions.map((s) => s.id)).not.toContain(shared[5]);
    const second = await list(bob, { page: 1 });
    expect(second.solutions.map((s) => s.id)).toEqual([shared[5]]);
    expect(second.hasMore).toBe(false);

    const newest = await list(ada, { sortBy: 'newest' });
    expect(newest.solutions.slice(0, 3).map((s) => s.id)).toEqual([shared[10], shared[9], shared[8]]);
    expect(newest.solutions.find((s) => s.id === shared[3])).toMatchObject({
      currentUserVote: 0,
      isOwn: false,
    });

    const go = await list(null, { language: 'go' });
    expect(go.solutions.map((s) => s.id)).toEqual([shared[10]]);
    expect(go.solutions[0].currentUserVote).toBe(0);
    expect((await list(null, { page: 5 })).solutions).toEqual([]);
  });
});

describe('votes', () => {
  it('toggling and switching move the count by the difference; a repeat changes nothing', async () => {
    const { sharedSolution } = await share(ada, 'Voting');
    const vote = async (user: SignedInUser, value: number) =>
      (
        await post<{ upvotes: number; currentUserVote: number }>(user, 'vote', {
          solutionId: sharedSolution.id,
          vote: value,
        })
      ).body;
    expect(await vote(bob, 1)).toMatchObject({ upvotes: 1, currentUserVote: 1 });
    expect(await vote(bob, -1)).toMatchObject({ upvotes: -1 });
    const before = await platform.countEvents();
    expect(await vote(bob, -1)).toMatchObject({ upvotes: -1 });
    expect(await platform.countEvents()).toBe(before);
    expect(await vote(ada, 1)).toMatchObject({ upvotes: 0 });
    const last = await vote(bob, 0);
    expect(last).toMatchObject({ upvotes: 1, currentUserVote: 0 });
    const listed = await list(bob, { sortBy: 'newest' }, last.position);
    expect(listed.solutions.find((s) => s.id === sharedSolution.id)).toMatchObject({
      upvotes: 1,
      currentUserVote: 0,
    });
    expect((await post(null, 'vote', { solutionId: sharedSolution.id, vote: 1 })).status).toBe(401);
    expect((await post(bob, 'vote', { solutionId: 'no-such-solution', vote: 1 })).status).toBe(404);
    expect((await post(bob, 'vote', { solutionId: sharedSolution.id, vote: 2 })).status).toBe(400);
  });

  it('200 learners voting and re-voting the same solution in parallel leave the count equal to the sum of their current votes, live and after a rebuild', async () => {
    const { sharedSolution } = await share(ada, 'Under load');
    // Signed in a few at a time (sign-in has its own limits); the votes below all go at once.
    const voters: SignedInUser[] = [];
    while (voters.length < 200) {
      const start = voters.length;
      voters.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, (_, i) => signInFake(platform.url, { name: `Voter ${start + i}` })),
        )),
      );
    }
    const first = (i: number) => (i % 3 === 0 ? -1 : 1);
    const second = (i: number) => (i % 5 === 0 ? 0 : i % 2 ? 1 : -1);
    const cast = (user: SignedInUser, vote: number) =>
      post<{ upvotes: number }>(user, 'vote', { solutionId: sharedSolution.id, vote });
    const round1 = await Promise.all(voters.map((user, i) => cast(user, first(i))));
    // Half re-vote while the other half's second votes race them.
    const round2 = await Promise.all(voters.map((user, i) => cast(user, second(i))));
    const refused = [...round1, ...round2].filter((answer) => answer.status !== 200);
    expect(refused.map((answer) => [answer.status, answer.body])).toEqual([]);
    const expected = voters.reduce((sum, _, i) => sum + second(i), 0);

    const head = latestPosition(round2.map((answer) => answer.body.position));
    const listed = await list(null, { sortBy: 'newest' }, head);
    expect(listed.solutions.find((s) => s.id === sharedSolution.id)?.upvotes).toBe(expected);
    const { rows } = await platform.pool.query<{ sum: string; upvotes: number }>(
      `SELECT (SELECT sum(vote) FROM rm_shared_solution_votes WHERE solution_id = $1) AS sum,
              (SELECT upvotes FROM rm_shared_solutions WHERE solution_id = $1) AS upvotes`,
      [sharedSolution.id],
    );
    expect({ sum: Number(rows[0].sum), upvotes: rows[0].upvotes }).toEqual({
      sum: expected,
      upvotes: expected,
    });
    // One event per change: 200 first votes plus one per learner whose second vote differs.
    const changes = voters.filter((_, i) => second(i) !== first(i)).length;
    const events = await platform.pool.query<{ n: string }>(
      `SELECT count(*) AS n FROM es_events WHERE stream_id = $1 AND type = 'SharedSolutionVoted'`,
      [`shared-solution-${sharedSolution.id}`],
    );
    expect(Number(events.rows[0].n)).toBe(200 + changes);

    const live = await tableRows(platform, ['rm_shared_solutions', 'rm_shared_solution_votes']);
    await rebuildProjection(platform, 'shared-solutions');
    expect(await tableRows(platform, ['rm_shared_solutions', 'rm_shared_solution_votes'])).toEqual(live);
  }, 180_000);
});

describe('comments and replies', () => {
  it('pages top-level comments by 20, replies by cursor in batches of 10 with numChildren and parentId', async () => {
    const { sharedSolution } = await share(bob, 'Discussed');
    const top: string[] = [];
    for (let i = 0; i < 21; i++)
      top.push((await comment(i % 2 ? ada : bob, sharedSolution.id, `Top ${i}`)).comment.id);
    const replies: string[] = [];
    let last = '';
    for (let i = 0; i < 12; i++) {
      const reply = await comment(ada, sharedSolution.id, `Reply ${i}`, top[0]);
      expect(reply.comment).toMatchObject({ parentId: top[0], numChildren: 0, isOwn: true });
      replies.push(reply.comment.id);
      last = reply.position;
    }
    const page0 = await post(ada, 'comments/list', { solutionId: sharedSolution.id }, last);
    const first = listComments.response.parse(page0.body);
    expect(first).toMatchObject({ totalCount: 21, hasMore: true });
    expect(first.comments).toHaveLength(20);
    expect(first.comments[0]).toMatchObject({ id: top[20], parentId: null, isOwn: false });
    const page1 = listComments.response.parse(
      (await post(ada, 'comments/list', { solutionId: sharedSolution.id, page: 1 })).body,
    );
    expect(page1.comments.map((c) => c.id)).toEqual([top[0]]);
    expect(page1.comments[0]).toMatchObject({ numChildren: 12 });

    const batch1 = listNestedComments.response.parse(
      (await post(null, 'nested-comments/list', { parentId: top[0] })).body,
    );
    expect(batch1.comments.map((c) => c.id)).toEqual(replies.slice(0, 10));
    expect(batch1.hasMore).toBe(true);
    const batch2 = listNestedComments.response.parse(
      (await post(null, 'nested-comments/list', { parentId: top[0], cursor: batch1.cursor })).body,
    );
    expect(batch2).toMatchObject({ hasMore: false, cursor: null });
    expect(batch2.comments.map((c) => c.id)).toEqual(replies.slice(10));
    expect((await post(null, 'nested-comments/list', { parentId: top[0], cursor: 'abc' })).status).toBe(400);
  });

  it('edits and deletes are the author’s; a deleted comment with replies shows as deleted and keeps its thread', async () => {
    const { sharedSolution } = await share(ada, 'Edited thread');
    const parent = (await comment(bob, sharedSolution.id, 'First thought')).comment;
    const reply = await comment(ada, sharedSolution.id, 'A reply', parent.id);
    const lonely = (await comment(bob, sharedSolution.id, 'Soon gone')).comment;

    expect((await post(ada, 'comments/edit', { commentId: parent.id, content: 'Hijack' })).status).toBe(403);
    expect((await post(ada, 'comments/delete', { commentId: parent.id })).status).toBe(403);
    const edited = await post<{ comment: Comment }>(bob, 'comments/edit', {
      commentId: parent.id,
      content: 'Second thought',
    });
    expect(edited.body.comment).toMatchObject({ content: 'Second thought', wasEdited: true });
    const voted = await post<{ upvotes: number }>(ada, 'comments/vote', { commentId: parent.id, vote: 1 });
    expect(voted.body.upvotes).toBe(1);
    await post(bob, 'comments/delete', { commentId: lonely.id });
    const deleted = await post(bob, 'comments/delete', { commentId: parent.id });
    expect(deleted.status).toBe(200);
    expect((await post(bob, 'comments/delete', { commentId: parent.id })).status).toBe(200);
    expect((await post(bob, 'comments/edit', { commentId: parent.id, content: 'Back' })).status).toBe(404);
    expect(
      (
        await post(ada, 'comments/create', {
          solutionId: sharedSolution.id,
          content: 'x',
          parentId: parent.id,
        })
      ).status,
    ).toBe(404);

    const head = latestPosition([reply.position, deleted.body.position]);
    const comments = listComments.response.parse(
      (await post(bob, 'comments/list', { solutionId: sharedSolution.id }, head)).body,
    ).comments;
    expect(comments).toEqual([
      expect.objectContaining({ id: parent.id, deleted: true, content: '', numChildren: 1, wasEdited: true }),
    ]);
    const thread = listNestedComments.response.parse(
      (await post(bob, 'nested-comments/list', { parentId: parent.id })).body,
    );
    expect(thread.comments).toEqual([expect.objectContaining({ id: reply.comment.id, content: 'A reply' })]);
  });
});

describe('ownership and moderation', () => {
  it('only the author deletes a solution; staff hide one with a reason (kept as an event)', async () => {
    const mine = (await share(ada, 'Mine')).sharedSolution;
    const spam = (await share(ada, 'Spam')).sharedSolution;
    expect((await post(bob, 'delete', { solutionId: mine.id })).status).toBe(403);
    const staff = await signInWithRoles(platform.url, ['staff'], 'moderator');
    const noReason = await post(staff, 'delete', { solutionId: spam.id });
    expect(noReason.status).toBe(400);
    const hidden = await post(staff, 'delete', { solutionId: spam.id, reason: 'Advertising' });
    expect(hidden.status).toBe(200);
    const removed = await post(ada, 'delete', { solutionId: mine.id });
    expect(removed.status).toBe(200);
    const listed = await list(
      null,
      { sortBy: 'newest' },
      latestPosition([hidden.body.position, removed.body.position]),
    );
    expect(listed.solutions.map((s) => s.id)).not.toEqual(expect.arrayContaining([mine.id]));
    expect(listed.solutions.map((s) => s.id)).not.toContain(spam.id);
    const { rows } = await platform.pool.query(
      `SELECT type, data, metadata->'actor' AS actor FROM es_events WHERE stream_id = $1 AND type = 'SharedSolutionHidden'`,
      [`shared-solution-${spam.id}`],
    );
    expect(rows).toEqual([
      {
        type: 'SharedSolutionHidden',
        data: { solutionId: spam.id, reason: 'Advertising', authorUserId: ada.userId },
        actor: { kind: 'staff', id: staff.userId },
      },
    ]);
    // The hiding is in the author's audit history (and in the staff member's, as its actor).
    for (const account of [ada.userId, staff.userId]) {
      const history = await call<{ events: { type: string; data: { reason?: string } }[] }>(
        platform.url,
        `/api/staff/v1/accounts/${account}/history?types=SharedSolutionHidden`,
        { token: staff.token, headers: { 'x-min-position': hidden.body.position } },
      );
      expect(history.status).toBe(200);
      expect(history.body.events.map((e) => [e.type, e.data.reason])).toEqual([
        ['SharedSolutionHidden', 'Advertising'],
      ]);
    }
    expect((await post(bob, 'comments/create', { solutionId: spam.id, content: 'Late' })).status).toBe(404);
  });
});

describe('account wipe', () => {
  it('keeps what the learner wrote as from a removed account, and keeps their votes counted', async () => {
    const leaving = await solver('Leaving Learner');
    const username = `leaving_${Date.now().toString(36)}`;
    expect(
      (await call(platform.url, '/api/auth/v1/username/set', { json: { username }, token: leaving.token }))
        .status,
    ).toBe(200);
    const { sharedSolution } = await share(leaving, 'Before I go');
    const posted = await comment(leaving, sharedSolution.id, 'My note');
    const note = posted.comment;
    await post(bob, 'vote', { solutionId: sharedSolution.id, vote: 1 });
    const lastVote = await post(leaving, 'vote', { solutionId: sharedSolution.id, vote: 1 });
    // While the account lives, its public username is shown on what it wrote (and nothing else of it).
    const before = await list(bob, { sortBy: 'newest' }, lastVote.body.position);
    expect(before.solutions.find((s) => s.id === sharedSolution.id)?.authorName).toBe(username);
    const noteBefore = listComments.response.parse(
      (await post(bob, 'comments/list', { solutionId: sharedSolution.id }, posted.position)).body,
    ).comments;
    expect(noteBefore).toEqual([expect.objectContaining({ id: note.id, authorName: username })]);
    const wiped = await call<Ack>(platform.url, '/api/auth/v1/account/wipe', {
      json: {},
      token: leaving.token,
    });
    expect(wiped.status).toBe(200);
    const listed = await list(bob, { sortBy: 'newest' }, wiped.body.position);
    expect(listed.solutions.find((s) => s.id === sharedSolution.id)).toMatchObject({
      authorRemoved: true,
      authorName: null,
      upvotes: 2,
      currentUserVote: 1,
    });
    const comments = listComments.response.parse(
      (await post(bob, 'comments/list', { solutionId: sharedSolution.id }, wiped.body.position)).body,
    ).comments;
    expect(comments).toEqual([
      expect.objectContaining({ id: note.id, authorRemoved: true, authorName: null, content: 'My note' }),
    ]);
  });
});

describe('rebuild', () => {
  it('gives the rows built live for both read models', async () => {
    // A last write, so the read models hold everything before the snapshot.
    const last = await post(bob, 'vote', { solutionId: 'absent', vote: 1 });
    expect(last.status).toBe(404);
    await list(null, {}, latestPosition([(await share(bob, 'Final')).position]));
    const tables = [
      'rm_shared_solutions',
      'rm_shared_solution_votes',
      'rm_solution_comments',
      'rm_solution_comment_votes',
    ];
    const live = await tableRows(platform, tables);
    await rebuildProjection(platform, 'shared-solutions');
    await rebuildProjection(platform, 'solution-comments');
    expect(await tableRows(platform, tables)).toEqual(live);
  });
});
