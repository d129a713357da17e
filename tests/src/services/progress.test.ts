import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { projections } from '@app/projection-service';
import {
  type Platform,
  STAFF_TOKEN,
  call,
  rebuildProjection,
  startPlatform,
  tableRows,
} from './platform-harness';
import { type SignedInUser, signInFake } from './identity-support';
import { fixtureContent } from './content-support';

/*
 * Progress through the gateway against real components: submissions judged in the sandbox move the
 * unlock progress and the daily streak at once (read-your-writes); a learner who completed every
 * question gets one certificate (a real PDF, verifiable in public); a rebuild of the read models
 * gives the rows built live.
 */

const QUESTIONS = ['pair-with-sum', 'mirror-tree'];
const solution = (slug: string) =>
  readFileSync(
    path.resolve(__dirname, `../../../command-service/src/execution/questions/${slug}/solutions/python`),
    'utf8',
  );
const base = '/api/problems/v1/algoexpert';

const content = fixtureContent(QUESTIONS);
let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform({ env: { PUBLISH_CONTENT: 'true', CONTENT_DIR: content.dir } });
}, 120_000);
afterAll(async () => {
  await platform?.close();
  content.remove();
});

async function learner(name: string): Promise<SignedInUser> {
  const user = await signInFake(platform.url, { name });
  const granted = await call(platform.url, '/api/staff/v1/users/roles/grant', {
    json: { userId: user.userId, role: 'premiumv1' },
    token: STAFF_TOKEN,
  });
  expect(granted.status).toBe(200);
  return user;
}

type Progress = {
  numQuestionsCompleted: number;
  numQuestionsRequired: number;
  hasUnlockedLatestCert: boolean;
  hasUnlockedRecruitingProfile: boolean;
  latestCertVersion: string;
  currentStreakDays: number;
  longestStreakDays: number;
};

async function submit(user: SignedInUser, slug: string, code = solution(slug)): Promise<string> {
  const answer = await call<{ position: string; submission: { status: string } }>(
    platform.url,
    `${base}/submissions/create`,
    { json: { questionId: slug, language: 'python', code }, token: user.token },
  );
  expect(answer.status).toBe(200);
  return answer.body.position;
}

const unlocks = (user: SignedInUser, position?: string, product = 'algoexpert') =>
  call<Progress>(platform.url, `/api/problems/v1/${product}/unlocks/get`, {
    json: {},
    token: user.token,
    headers: position ? { 'x-min-position': position } : {},
  });

/** The learner who completes both questions in the first test; the certificate tests use them. */
let completer: SignedInUser;

describe('unlock progress', () => {
  it('moves at once after each submission, with a streak of one day today', async () => {
    const user = await learner('Ada Progress');
    completer = user;
    const before = await unlocks(user);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      numQuestionsCompleted: 0,
      numQuestionsRequired: QUESTIONS.length,
      hasUnlockedLatestCert: false,
      hasUnlockedRecruitingProfile: false,
      latestCertVersion: '1.0',
      currentStreakDays: 0,
      longestStreakDays: 0,
    });

    // A wrong answer counts neither as completed nor for the streak.
    const wrong = await submit(user, 'pair-with-sum', 'def pairWithSum(numbers, target):\n    return []\n');
    expect((await unlocks(user, wrong)).body).toMatchObject({
      numQuestionsCompleted: 0,
      currentStreakDays: 0,
    });

    const first = await submit(user, 'pair-with-sum');
    expect((await unlocks(user, first)).body).toMatchObject({
      numQuestionsCompleted: 1,
      numQuestionsRequired: 2,
      hasUnlockedLatestCert: false,
      currentStreakDays: 1,
      longestStreakDays: 1,
    });

    const second = await submit(user, 'mirror-tree');
    expect((await unlocks(user, second)).body).toEqual({
      numQuestionsCompleted: 2,
      numQuestionsRequired: 2,
      hasUnlockedLatestCert: true,
      hasUnlockedRecruitingProfile: true,
      latestCertVersion: '1.0',
      currentStreakDays: 1,
      longestStreakDays: 1,
    });
  }, 60_000);

  it('answers zero progress for the other products, and 401 without a sign-in', async () => {
    const user = await learner('Zero Progress');
    const frontend = await unlocks(user, undefined, 'frontendexpert');
    expect(frontend.status).toBe(200);
    expect(frontend.body).toMatchObject({
      numQuestionsCompleted: 0,
      numQuestionsRequired: 0,
      quizScore: 0,
      hasUnlockedLatestCert: false,
      latestCertVersion: '1.0',
    });
    const backend = await unlocks(user, undefined, 'backendexpert');
    expect(backend.status).toBe(200);
    const anonymous = await call(platform.url, `${base}/unlocks/get`, { json: {} });
    expect(anonymous.status).toBe(401);
  });
});

type Generated = { position: string; url: string };
const generate = (user: SignedInUser, type = 'algoexpert') =>
  call<Generated & { code?: string; message?: string }>(
    platform.url,
    '/api/problems/v1/certificates/generate_certificate',
    { json: { data: {}, type }, token: user.token },
  );
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('certificates', () => {
  it('refuses a learner who has not completed every question: 403, nothing appended', async () => {
    const user = await learner('Not Yet');
    await submit(user, 'pair-with-sum');
    const before = await platform.countEvents();
    const answer = await generate(user);
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({
      code: 'CERTIFICATE_NOT_EARNED',
      message: 'Complete every question of algoexpert to earn its certificate: 1 of 2 done.',
    });
    const otherProduct = await generate(user, 'systemsexpert');
    expect(otherProduct.status).toBe(403);
    const unknownType = await generate(user, 'cooking');
    expect(unknownType.status).toBe(400);
    expect(await platform.countEvents()).toBe(before);
  }, 60_000);

  it('issues an eligible learner one certificate: a PDF with their name and the verification id', async () => {
    const first = await generate(completer);
    expect(first.status).toBe(200);
    const match = /^\/api\/certificates\/v1\/([0-9a-f-]{36})\.pdf$/.exec(first.body.url);
    expect(match).not.toBeNull();
    const certificateId = match![1];
    expect(certificateId).toMatch(UUID);

    // Asking again answers the same certificate and appends nothing, even concurrently.
    const before = await platform.countEvents();
    const again = await Promise.all([generate(completer), generate(completer)]);
    expect(again.map((a) => [a.status, a.body.url])).toEqual([
      [200, first.body.url],
      [200, first.body.url],
    ]);
    expect(await platform.countEvents()).toBe(before);

    // Public: no token. The position makes the read model wait for the certificate.
    const response = await fetch(`${platform.url}${first.body.url}`, {
      headers: { 'x-min-position': first.body.position },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe('Certificate of completion: Ada Progress');
    expect(pdf.getKeywords()).toContain(certificateId);

    const verified = await call(platform.url, `/api/certificates/v1/${certificateId}/verify`);
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({
      valid: true,
      name: 'Ada Progress',
      product: 'algoexpert',
      issuedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      version: '1.0',
    });

    const mine = await call<{
      globalCount: number;
      certificates: { version: string; certificateId: string }[];
    }>(platform.url, '/api/problems/v1/certificates/get_my_certificates', {
      json: {},
      token: completer.token,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.globalCount).toBe(1);
    expect(mine.body.certificates).toEqual([
      expect.objectContaining({ version: '1.0', certificateId, product: 'algoexpert', url: first.body.url }),
    ]);
  }, 60_000);

  it('answers 404 for an id that was never issued, 400 for one that is no id', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call(platform.url, `/api/certificates/v1/${unknown}/verify`)).status).toBe(404);
    expect((await call(platform.url, `/api/certificates/v1/${unknown}.pdf`)).status).toBe(404);
    expect((await call(platform.url, '/api/certificates/v1/nope/verify')).status).toBe(400);
  });

  it('lists no certificates for a learner without one, with the global count', async () => {
    const user = await learner('No Certificate');
    const mine = await call(platform.url, '/api/problems/v1/certificates/get_my_certificates', {
      json: {},
      token: user.token,
    });
    expect(mine.body).toEqual({ globalCount: 1, certificates: [] });
  });
});

const rowsOf = (name: string) =>
  tableRows(
    platform,
    projections.filter((p) => p.name === name).flatMap((p) => p.tables),
  );

describe('rebuilds', () => {
  it('rebuild the submissions (progress) to the rows built live', async () => {
    const live = await rowsOf('submissions');
    expect(live.rm_latest_submissions.length).toBeGreaterThan(0);
    await rebuildProjection(platform, 'submissions');
    expect(await rowsOf('submissions')).toEqual(live);
  }, 60_000);

  it('rebuild the certificates to the rows built live', async () => {
    const live = await rowsOf('certificates');
    expect(live.rm_certificates.length).toBe(1);
    await rebuildProjection(platform, 'certificates');
    expect(await rowsOf('certificates')).toEqual(live);
  }, 60_000);
});
