import {
  designQuestionStreamId,
  glossaryTermStreamId,
  lessonStreamId,
  quizQuestionStreamId,
} from '@app/contracts';
import type { RecordedEvent } from '@app/contracts';
import type { GivenEvent } from '@app/server-kit';
import { ProjectionScenario } from '../../runtime/testing/projection-scenario';
import { questionPublished } from '../../runtime/testing/given-events';
import { catalogueProjection as projection } from './catalogue.projection';

const lessonPublished = (lessonId: string, version: number, at?: string): GivenEvent => ({
  type: 'LessonPublished',
  streamId: lessonStreamId('algoexpert', 'data-structures', lessonId),
  occurredAt: at,
  data: {
    product: 'algoexpert',
    kind: 'data-structures',
    lessonId,
    version,
    contentSha256: String(version).repeat(64),
    lesson: {
      title: `Lesson ${lessonId} v${version}`,
      summary: 'What this lesson is about, in a sentence or two.',
      order: version,
      minutes: 5,
      free: version > 1,
      body: `# ${lessonId}\n\nVersion ${version}.`,
      // From version 2 on, the lesson has an explainer clip.
      ...(version > 1 ? { video: clipOf(lessonId) } : {}),
    },
  },
});

const clipOf = (lessonId: string) => ({
  title: `${lessonId} in a minute`,
  src: `/media/lessons/algoexpert/data-structures/${lessonId}.webm`,
  captionsSrc: `/media/lessons/algoexpert/data-structures/${lessonId}.en.vtt`,
  seconds: 42,
});

const quizQuestionPublished = (questionId: string, version: number): GivenEvent => ({
  type: 'QuizQuestionPublished',
  streamId: quizQuestionStreamId('systemsexpert', questionId),
  data: {
    product: 'systemsexpert',
    questionId,
    version,
    contentSha256: String(version).repeat(64),
    question: {
      slug: questionId,
      order: version,
      topic: 'Caching',
      kind: 'mcq',
      prompt: `Which one, version ${version}?`,
      choices: ['this one', 'that one'],
      answer: 1,
      explanation: 'That one, because this one is the wrong one of the two.',
    },
  },
});

const designQuestionPublished = (questionId: string, version: number): GivenEvent => ({
  type: 'DesignQuestionPublished',
  streamId: designQuestionStreamId('systemsexpert', questionId),
  data: {
    product: 'systemsexpert',
    questionId,
    version,
    contentSha256: String(version).repeat(64),
    question: {
      name: `Design ${questionId} v${version}`,
      difficulty: 'Hard',
      order: 1,
      free: true,
      category: 'Web services',
      hints: ['First hint of the question.', 'Second hint of the question.'],
      prompt: 'The prompt.',
      walkthrough: 'The walkthrough.',
    },
  },
});

const glossaryTermPublished = (termId: string, version: number): GivenEvent => ({
  type: 'GlossaryTermPublished',
  streamId: glossaryTermStreamId('systemsexpert', termId),
  data: {
    product: 'systemsexpert',
    termId,
    version,
    contentSha256: String(version).repeat(64),
    term: {
      term: `Term ${termId}`,
      definition: `What ${termId} means, in version ${version}, said in enough words to be a definition.`,
      seeAlso: version > 1 ? ['other'] : [],
      lesson: 'caching',
    },
  },
});

/** The recorded event's place and id, as the catalogue keeps them. */
const origin = (event: RecordedEvent) => ({
  uid: event.metadata.eventId,
  first_xid: event.transactionId.toString(),
  first_pos: event.position.toString(),
  first_published_at: new Date(event.metadata.occurredAt),
});

describe('catalogue read model', () => {
  let scenario: ProjectionScenario;
  beforeAll(async () => {
    scenario = await ProjectionScenario.start();
  });
  afterAll(async () => {
    await scenario.stop();
  });

  it("given two versions of a question, when projected in one batch or one by one, then the question row is the latest version and keeps the first version's id, place and time", async () => {
    const events = scenario.events([
      questionPublished('two-sum'),
      questionPublished('three-sum'),
      questionPublished('two-sum', { version: 2, name: 'Two Number Sum' }),
    ]);
    for (const batchSize of [1, events.length]) {
      const rows = await scenario.given(projection, events, { batchSize });
      expect(rows.rm_catalogue_questions).toEqual([
        {
          product: 'algoexpert',
          question_id: 'three-sum',
          ...origin(events[1]),
          version: 1,
          name: 'Question three-sum',
          category: 'Arrays',
          difficulty: 1,
          free: false,
          detail: expect.objectContaining({
            slug: 'three-sum',
            hints: expect.any(Array),
            tests: expect.any(Object),
          }),
          published_at: new Date(events[1].metadata.occurredAt),
        },
        expect.objectContaining({
          question_id: 'two-sum',
          ...origin(events[0]),
          version: 2,
          name: 'Two Number Sum',
          published_at: new Date(events[2].metadata.occurredAt),
        }),
      ]);
      expect(
        rows.rm_catalogue_question_versions.map((v) => [v.question_id, v.version, v.event_id, v.event_pos]),
      ).toEqual([
        ['three-sum', 1, events[1].metadata.eventId, '2'],
        ['two-sum', 1, events[0].metadata.eventId, '1'],
        ['two-sum', 2, events[2].metadata.eventId, '3'],
      ]);
      expect(rows.rm_catalogue_question_versions[1]).toMatchObject({
        content_sha256: '1'.repeat(64),
        tests_sha256: 'a'.repeat(64),
        tests_count: 3,
        hidden_tests: 1,
        published_by: { kind: 'system' },
        event_xid: events[0].transactionId.toString(),
      });
    }
  });

  it("given a version that changes only the name, when projected, then the two versions' field digests differ in the name only", async () => {
    const rows = await scenario.given(projection, [
      questionPublished('two-sum'),
      questionPublished('two-sum', { version: 2, name: 'Two Number Sum' }),
    ]);
    const [first, second] = rows.rm_catalogue_question_versions.map(
      (v) => v.field_digests as Record<string, string>,
    );
    expect(Object.keys(first).sort()).toEqual(
      [
        'category',
        'complexity',
        'difficulty',
        'free',
        'hints',
        'name',
        'prompt',
        'signature',
        'solutions.python',
        'starters.python',
        'tests',
        'walkthrough',
      ].sort(),
    );
    expect(Object.keys(first).filter((key) => first[key] !== second[key])).toEqual(['name']);
  });

  it('given questions whose first versions Kafka delivers in another order than the store (their own streams), when projected, then each keeps its place in the global order', async () => {
    const [first, second] = scenario.events([questionPublished('q-first'), questionPublished('q-second')]);
    const rows = await scenario.given(projection, [second, first]);
    expect(rows.rm_catalogue_questions.map((q) => [q.question_id, q.first_xid, q.first_pos])).toEqual([
      ['q-first', first.transactionId.toString(), first.position.toString()],
      ['q-second', second.transactionId.toString(), second.position.toString()],
    ]);
  });

  it('given older versions delivered again after newer ones, when projected, then the latest versions stay', async () => {
    const events = scenario.events([
      questionPublished('two-sum'),
      lessonPublished('arrays', 1),
      questionPublished('two-sum', { version: 2, name: 'Two Number Sum' }),
      lessonPublished('arrays', 2),
    ]);
    const once = await scenario.given(projection, events, { batchSize: 2 });
    await scenario.applyBatch(projection, events);
    await scenario.applyBatch(projection, events.slice(0, 2));
    expect(await scenario.rows(projection)).toEqual(once);
    expect(once.rm_catalogue_questions).toEqual([
      expect.objectContaining({ version: 2, name: 'Two Number Sum' }),
    ]);
    expect(once.rm_catalogue_lessons).toEqual([
      expect.objectContaining({ version: 2, title: 'Lesson arrays v2' }),
    ]);
  });

  it('given lessons and their new versions, when projected, then each lesson row is its latest version', async () => {
    const rows = await scenario.given(projection, [
      lessonPublished('arrays', 1, '2026-11-20T10:00:00.000Z'),
      lessonPublished('graphs', 1, '2026-11-20T11:00:00.000Z'),
      lessonPublished('arrays', 2, '2026-11-21T10:00:00.000Z'),
    ]);
    expect(rows.rm_catalogue_lessons).toEqual([
      {
        product: 'algoexpert',
        kind: 'data-structures',
        lesson_id: 'arrays',
        version: 2,
        title: 'Lesson arrays v2',
        summary: 'What this lesson is about, in a sentence or two.',
        position: 2,
        minutes: 5,
        free: true,
        body: '# arrays\n\nVersion 2.',
        video: clipOf('arrays'),
        published_at: new Date('2026-11-21T10:00:00.000Z'),
      },
      expect.objectContaining({ lesson_id: 'graphs', version: 1, free: false, video: null }),
    ]);
  });

  it('given quiz and design questions and their new versions, when projected, then each row is its latest version', async () => {
    const rows = await scenario.given(projection, [
      quizQuestionPublished('ttl', 1),
      designQuestionPublished('chat', 1),
      quizQuestionPublished('ttl', 2),
      designQuestionPublished('chat', 2),
      designQuestionPublished('chat', 1),
    ]);
    expect(rows.rm_catalogue_quiz_questions).toEqual([
      expect.objectContaining({
        product: 'systemsexpert',
        question_id: 'ttl',
        version: 2,
        position: 2,
        kind: 'mcq',
        question: expect.objectContaining({ answer: 1, prompt: 'Which one, version 2?' }),
      }),
    ]);
    expect(rows.rm_catalogue_design_questions).toEqual([
      expect.objectContaining({
        question_id: 'chat',
        version: 2,
        name: 'Design chat v2',
        difficulty: 'Hard',
      }),
    ]);
  });

  it('given glossary terms and their new versions, also delivered again out of order, when projected, then each term row is its latest version', async () => {
    const rows = await scenario.given(projection, [
      glossaryTermPublished('ttl', 1),
      glossaryTermPublished('sharding', 1),
      glossaryTermPublished('ttl', 2),
      glossaryTermPublished('ttl', 1),
    ]);
    expect(rows.rm_catalogue_glossary).toEqual([
      expect.objectContaining({ term_id: 'sharding', version: 1, see_also: [], lesson: 'caching' }),
      expect.objectContaining({
        term_id: 'ttl',
        version: 2,
        term: 'Term ttl',
        definition: expect.stringContaining('in version 2'),
        see_also: ['other'],
      }),
    ]);
  });

  it('a rebuild gives the same rows as the live run', async () => {
    const events = [
      questionPublished('q1'),
      questionPublished('q2'),
      lessonPublished('arrays', 1),
      questionPublished('f1', { product: 'frontendexpert' }),
      questionPublished('q1', { version: 2 }),
      questionPublished('q3'),
      lessonPublished('graphs', 1),
      questionPublished('q2', { version: 2, name: 'Renamed q2' }),
      lessonPublished('arrays', 2),
      quizQuestionPublished('ttl', 1),
      designQuestionPublished('chat', 1),
      quizQuestionPublished('ttl', 2),
      questionPublished('q1', { version: 3 }),
      questionPublished('f1', { product: 'frontendexpert', version: 2 }),
      glossaryTermPublished('ttl', 1),
      glossaryTermPublished('ttl', 2),
    ];
    for (const liveBatchSize of [1, 3]) {
      const rows = await scenario.rebuildEqualsLive(projection, events, liveBatchSize);
      expect(rows.rm_catalogue_questions.map((q) => [q.product, q.question_id, q.version])).toEqual([
        ['algoexpert', 'q1', 3],
        ['algoexpert', 'q2', 2],
        ['algoexpert', 'q3', 1],
        ['frontendexpert', 'f1', 2],
      ]);
      expect(rows.rm_catalogue_question_versions).toHaveLength(8);
      expect(rows.rm_catalogue_lessons).toHaveLength(2);
      expect(rows.rm_catalogue_quiz_questions.map((q) => q.version)).toEqual([2]);
      expect(rows.rm_catalogue_design_questions).toHaveLength(1);
      expect(rows.rm_catalogue_glossary.map((t) => [t.term_id, t.version])).toEqual([['ttl', 2]]);
    }
  });
});
