import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type AssessmentAttempt, type AssessmentSummary, assessmentsStreamId } from '@app/contracts';
import { PgEventStore } from '@app/server-kit';
import { type Platform, call, startPlatform } from './platform-harness';
import { type SignedInUser, signInWithRoles } from './identity-support';
import { fixtureContent } from './content-support';

/*
 * Assessments (issue 22): a timed attempt at one algorithms question, one at a time, ended by one
 * judged submission (submissions/create), abandoned, or timed out; the learner's history from the
 * assessments read model. Two fixture questions are published at start.
 */

const solution = readFileSync(
  path.resolve(
    __dirname,
    '../../../command-service/src/execution/questions/pair-with-sum/solutions/javascript',
  ),
  'utf8',
);
const content = fixtureContent(['pair-with-sum', 'mirror-tree']);
let platform: Platform;
let learner: SignedInUser;

type Current = {
  assessmentId: string;
  questionId: string;
  name: string;
  expiresAt: string;
  timeLimitSeconds: number;
};
type Started = { position: string; assessment: Current };
type List = { groupedSummaries: Record<string, AssessmentSummary[]>; history: AssessmentAttempt[] };
type Details = { id: string; name: string; timeLimitSeconds: number; attempts: AssessmentAttempt[] };

const assessments = <T>(route: string, json: unknown, token: string | undefined, position?: string) =>
  call<T>(platform.url, `/api/problems/v1/assessments/${route}`, {
    json,
    token,
    headers: position ? { 'x-min-position': position } : {},
  });

const owner = (label: string) => signInWithRoles(platform.url, ['premiumv1'], label);

const assessmentEvents = async (userId: string) =>
  (await new PgEventStore(platform.pool).readWholeStream(assessmentsStreamId(userId))).map(
    (event) => event.type,
  );

beforeAll(async () => {
  platform = await startPlatform({ env: { PUBLISH_CONTENT: 'true', CONTENT_DIR: content.dir } });
  learner = await signInWithRoles(platform.url, [], 'assessments-learner');
}, 120_000);
afterAll(async () => {
  await platform?.close();
  content.remove();
});

describe('access', () => {
  it('every call is for AlgoExpert owners: 401 signed out, 403 PRODUCT_NOT_OWNED otherwise, nothing appended', async () => {
    const before = await platform.countEvents();
    const calls: [string, unknown][] = [
      ['list', {}],
      ['start', { questionId: 'pair-with-sum' }],
      ['current/get', {}],
      ['current/abandon', {}],
      ['details/get', { questionId: 'pair-with-sum' }],
    ];
    for (const [route, json] of calls) {
      const anonymous = await assessments<{ code: string }>(route, json, undefined);
      expect([route, anonymous.status]).toEqual([route, 401]);
      const stranger = await assessments<{ code: string }>(route, json, learner.token);
      expect([route, stranger.status, stranger.body.code]).toEqual([route, 403, 'PRODUCT_NOT_OWNED']);
    }
    expect(await platform.countEvents()).toBe(before);
  });
});

describe('input', () => {
  it('bad input is 400 VALIDATION_FAILED and appends nothing; an unknown question is 404 NOT_FOUND', async () => {
    const ana = await owner('assessments-input');
    const before = await platform.countEvents();
    for (const [route, json] of [
      ['start', {}],
      ['start', { questionId: '' }],
      ['start', { questionId: 42 }],
      ['details/get', { questionId: 'x'.repeat(201) }],
    ] as const) {
      const answer = await assessments<{ code: string }>(route, json, ana.token);
      expect([route, answer.status, answer.body.code]).toEqual([route, 400, 'VALIDATION_FAILED']);
    }
    const unknownStart = await assessments<{ code: string }>(
      'start',
      { questionId: 'no-such-question' },
      ana.token,
    );
    expect([unknownStart.status, unknownStart.body.code]).toEqual([404, 'NOT_FOUND']);
    const unknownDetails = await assessments<{ code: string }>(
      'details/get',
      { questionId: 'nope' },
      ana.token,
    );
    expect([unknownDetails.status, unknownDetails.body.code]).toEqual([404, 'NOT_FOUND']);
    const nothingToAbandon = await assessments<{ code: string }>('current/abandon', {}, ana.token);
    expect([nothingToAbandon.status, nothingToAbandon.body.code]).toEqual([409, 'ASSESSMENT_NOT_RUNNING']);
    expect(await platform.countEvents()).toBe(before);
  });
});

describe('an assessment from start to result', () => {
  it('list groups the questions by difficulty with their time limit; details/get finds one by name', async () => {
    const ana = await owner('assessments-list');
    const list = await assessments<List>('list', {}, ana.token);
    expect(list.status).toBe(200);
    expect(list.body.history).toEqual([]);
    expect(
      Object.fromEntries(
        Object.entries(list.body.groupedSummaries).map(([group, items]) => [
          group,
          items.map((item) => [item.questionId, item.timeLimitSeconds, item.attempts, item.bestStatus]),
        ]),
      ),
    ).toEqual({
      Easy: [
        ['mirror-tree', 1800, 0, null],
        ['pair-with-sum', 1800, 0, null],
      ],
    });
    const details = await assessments<Details>('details/get', { questionId: 'Pair With Sum' }, ana.token);
    expect(details.body).toMatchObject({
      id: 'pair-with-sum',
      name: 'Pair With Sum',
      timeLimitSeconds: 1800,
      attempts: [],
    });
  });

  it('two starts at once start one assessment; the other is 409 ASSESSMENT_IN_PROGRESS', async () => {
    const ana = await owner('assessments-race');
    const answers = await Promise.all([
      assessments<Started & { code?: string }>('start', { questionId: 'pair-with-sum' }, ana.token),
      assessments<Started & { code?: string }>('start', { questionId: 'mirror-tree' }, ana.token),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body.code).toBe('ASSESSMENT_IN_PROGRESS');
    expect(await assessmentEvents(ana.userId)).toEqual(['AssessmentStarted']);
    const started = answers.find((answer) => answer.status === 200)!.body;
    const current = await assessments<{ assessment: Current }>(
      'current/get',
      {},
      ana.token,
      started.position,
    );
    expect(current.body.assessment).toEqual(started.assessment);
  });

  it('a correct JavaScript submission ends it as submitted, CORRECT, in the history; practice afterwards changes nothing', async () => {
    const ana = await owner('assessments-submit');
    const started = await assessments<Started>('start', { questionId: 'pair-with-sum' }, ana.token);
    expect(started.status).toBe(200);
    expect(started.body.assessment).toMatchObject({
      questionId: 'pair-with-sum',
      name: 'Pair With Sum',
      timeLimitSeconds: 1800,
    });
    const expiresIn = new Date(started.body.assessment.expiresAt).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(0);
    expect(expiresIn).toBeLessThanOrEqual(1800 * 1000);

    const submitted = await call<{ position: string; submission: { status: string } }>(
      platform.url,
      '/api/problems/v1/algoexpert/submissions/create',
      {
        json: { questionId: 'pair-with-sum', language: 'javascript', code: solution },
        token: ana.token,
        headers: { 'idempotency-key': randomUUID() },
      },
    );
    expect([submitted.status, submitted.body.submission.status]).toEqual([200, 'CORRECT']);
    const list = await assessments<List>('list', {}, ana.token, submitted.body.position);
    expect(list.body.history).toEqual([
      expect.objectContaining({
        assessmentId: started.body.assessment.assessmentId,
        questionId: 'pair-with-sum',
        state: 'submitted',
        finishedAt: expect.any(String),
        result: {
          language: 'javascript',
          status: 'CORRECT',
          testsPassed: expect.any(Number),
          testsTotal: expect.any(Number),
        },
      }),
    ]);
    const result = list.body.history[0].result!;
    expect(result.testsPassed).toBe(result.testsTotal);
    expect(list.body.groupedSummaries.Easy.find((item) => item.questionId === 'pair-with-sum')).toMatchObject(
      {
        attempts: 1,
        bestStatus: 'CORRECT',
      },
    );
    expect(
      (await assessments<{ assessment: null }>('current/get', {}, ana.token)).body.assessment,
    ).toBeNull();

    await call(platform.url, '/api/problems/v1/algoexpert/submissions/create', {
      json: { questionId: 'pair-with-sum', language: 'javascript', code: solution },
      token: ana.token,
    });
    expect(await assessmentEvents(ana.userId)).toEqual(['AssessmentStarted', 'AssessmentFinished']);
  }, 60_000);

  it('abandon ends the running one; details/get lists it as abandoned', async () => {
    const ana = await owner('assessments-abandon');
    await assessments<Started>('start', { questionId: 'mirror-tree' }, ana.token);
    const abandoned = await assessments<{ position: string }>('current/abandon', {}, ana.token);
    expect(abandoned.status).toBe(200);
    const details = await assessments<Details>(
      'details/get',
      { questionId: 'mirror-tree' },
      ana.token,
      abandoned.body.position,
    );
    expect(details.body.attempts.map((attempt) => [attempt.state, attempt.result])).toEqual([
      ['abandoned', null],
    ]);
    const current = await assessments<{ assessment: null }>('current/get', {}, ana.token);
    expect(current.body.assessment).toBeNull();
  });

  it('one whose time ran out shows as timed out, and starting another finishes it as timed out first', async () => {
    const ana = await owner('assessments-expired');
    const expired = randomUUID();
    await new PgEventStore(platform.pool).append(
      assessmentsStreamId(ana.userId),
      [
        {
          type: 'AssessmentStarted',
          data: {
            assessmentId: expired,
            userId: ana.userId,
            questionId: 'mirror-tree',
            questionVersion: 1,
            timeLimitSeconds: 1800,
            expiresAt: new Date(Date.now() - 60_000).toISOString(),
          },
        },
      ],
      { expectedState: 'no_stream' },
    );
    const list = await assessments<List>(
      'list',
      {},
      ana.token,
      await platform.pool
        .query<{ p: string }>(
          `SELECT transaction_id::text || '.' || position AS p FROM es_events ORDER BY transaction_id DESC, position DESC LIMIT 1`,
        )
        .then(({ rows }) => rows[0].p),
    );
    expect(list.body.history.map((attempt) => [attempt.assessmentId, attempt.state])).toEqual([
      [expired, 'timedOut'],
    ]);
    expect(
      (await assessments<{ assessment: null }>('current/get', {}, ana.token)).body.assessment,
    ).toBeNull();

    const started = await assessments<Started>('start', { questionId: 'pair-with-sum' }, ana.token);
    expect(started.status).toBe(200);
    expect(await assessmentEvents(ana.userId)).toEqual([
      'AssessmentStarted',
      'AssessmentFinished',
      'AssessmentStarted',
    ]);
    const after = await assessments<List>('list', {}, ana.token, started.body.position);
    expect(after.body.history.map((attempt) => attempt.state)).toEqual(['running', 'timedOut']);
  });
});
