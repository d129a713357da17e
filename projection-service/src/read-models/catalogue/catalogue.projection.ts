import { defineProjection } from '../../runtime/projection';

type QuestionRow = {
  product: string;
  question_id: string;
  uid: string;
  first_xid: string;
  first_pos: string;
  version: number;
  name: string;
  category: string;
  difficulty: number;
  free: boolean;
  detail: unknown;
  first_published_at: string;
  published_at: string;
};

/**
 * The catalogue: the latest version of each question and lesson, and every question version for
 * staff (with the event that published it and a digest per field, so its history says what changed).
 * A batch is folded in memory (the last version of a key wins) and written with one statement per
 * table; an older version never overwrites a newer one, so replays and redeliveries are harmless.
 */
export const catalogueProjection = defineProjection({
  name: 'catalogue',
  eventTypes: [
    'QuestionPublished',
    'SolidityQuestionPublished',
    'FrontendQuestionPublished',
    'LessonPublished',
    'QuizQuestionPublished',
    'DesignQuestionPublished',
    'GlossaryTermPublished',
  ],
  tables: [
    'rm_catalogue_questions',
    'rm_catalogue_question_versions',
    'rm_catalogue_lessons',
    'rm_catalogue_quiz_questions',
    'rm_catalogue_design_questions',
    'rm_catalogue_glossary',
  ],
  async apply(events, tx) {
    const questions = new Map<string, QuestionRow>();
    const versions: unknown[] = [];
    const lessons = new Map<string, unknown>();
    const quiz = new Map<string, unknown>();
    const design = new Map<string, unknown>();
    const glossary = new Map<string, unknown>();
    for (const event of events) {
      if (event.type === 'QuestionPublished') {
        const data = event.data;
        const key = `${data.product}\u0000${data.questionId}`;
        const before = questions.get(key);
        const { name, category, difficulty, free, ...detail } = data.question;
        questions.set(key, {
          product: data.product,
          question_id: data.questionId,
          uid: before?.uid ?? event.metadata.eventId,
          first_xid: before?.first_xid ?? event.transactionId.toString(),
          first_pos: before?.first_pos ?? event.position.toString(),
          version: data.version,
          name,
          category,
          difficulty,
          free,
          detail: {
            ...detail,
            tests: data.tests,
            starters: data.starters,
            solutions: data.solutions,
            walkthroughTrace: data.walkthroughTrace ?? null,
          },
          first_published_at: before?.first_published_at ?? event.metadata.occurredAt,
          published_at: event.metadata.occurredAt,
        });
        versions.push({
          product: data.product,
          question_id: data.questionId,
          version: data.version,
          content_sha256: data.contentSha256,
          tests_sha256: data.tests.sha256,
          tests_count: data.tests.count,
          hidden_tests: data.tests.hidden,
          published_at: event.metadata.occurredAt,
          published_by: event.metadata.actor,
          event_id: event.metadata.eventId,
          event_xid: event.transactionId.toString(),
          event_pos: event.position.toString(),
          // Not a column: the field digests are computed from it in SQL (see the insert below).
          data,
        });
      } else if (event.type === 'SolidityQuestionPublished') {
        // The blockchain track's Solidity questions: listed with the rest, their detail marked `solidity`.
        const data = event.data;
        const key = `${data.product}\u0000${data.questionId}`;
        const before = questions.get(key);
        const { name, category, difficulty, free, ...detail } = data.question;
        questions.set(key, {
          product: data.product,
          question_id: data.questionId,
          uid: before?.uid ?? event.metadata.eventId,
          first_xid: before?.first_xid ?? event.transactionId.toString(),
          first_pos: before?.first_pos ?? event.position.toString(),
          version: data.version,
          name,
          category,
          difficulty,
          free,
          detail: {
            judge: 'solidity',
            ...detail,
            tests: data.tests,
            starter: data.starter,
            solution: data.solution,
            support: data.support ?? null,
          },
          first_published_at: before?.first_published_at ?? event.metadata.occurredAt,
          published_at: event.metadata.occurredAt,
        });
      } else if (event.type === 'FrontendQuestionPublished') {
        // The frontend's questions: a page judged in Chromium, by its mocha tests or its screenshot.
        const data = event.data;
        const key = `${data.product}\u0000${data.questionId}`;
        const before = questions.get(key);
        const { name, category, difficulty, free, kind, ...detail } = data.question;
        questions.set(key, {
          product: data.product,
          question_id: data.questionId,
          uid: before?.uid ?? event.metadata.eventId,
          first_xid: before?.first_xid ?? event.transactionId.toString(),
          first_pos: before?.first_pos ?? event.position.toString(),
          version: data.version,
          name,
          category,
          difficulty,
          free,
          detail: {
            judge: kind,
            ...detail,
            starter: data.starter,
            solution: data.solution,
            tests: data.tests ?? null,
          },
          first_published_at: before?.first_published_at ?? event.metadata.occurredAt,
          published_at: event.metadata.occurredAt,
        });
      } else if (event.type === 'LessonPublished') {
        const data = event.data;
        lessons.set(`${data.product}\u0000${data.kind}\u0000${data.lessonId}`, {
          product: data.product,
          kind: data.kind,
          lesson_id: data.lessonId,
          version: data.version,
          title: data.lesson.title,
          summary: data.lesson.summary,
          position: data.lesson.order,
          minutes: data.lesson.minutes,
          free: data.lesson.free,
          body: data.lesson.body,
          video: data.lesson.video ?? null,
          published_at: event.metadata.occurredAt,
        });
      } else if (event.type === 'QuizQuestionPublished') {
        const data = event.data;
        quiz.set(`${data.product}\u0000${data.questionId}`, {
          product: data.product,
          question_id: data.questionId,
          version: data.version,
          position: data.question.order,
          topic: data.question.topic,
          kind: data.question.kind,
          question: data.question,
          published_at: event.metadata.occurredAt,
        });
      } else if (event.type === 'GlossaryTermPublished') {
        const { product, termId, version, term } = event.data;
        glossary.set(`${product}\u0000${termId}`, {
          product,
          term_id: termId,
          version,
          term: term.term,
          definition: term.definition,
          see_also: term.seeAlso,
          lesson: term.lesson ?? null,
          published_at: event.metadata.occurredAt,
        });
      } else if (event.type === 'DesignQuestionPublished') {
        const data = event.data;
        const { order, ...question } = data.question;
        design.set(`${data.product}\u0000${data.questionId}`, {
          product: data.product,
          question_id: data.questionId,
          version: data.version,
          position: order,
          ...question,
          published_at: event.metadata.occurredAt,
        });
      }
    }
    if (questions.size > 0)
      await tx.query(
        `INSERT INTO rm_catalogue_questions AS q
           SELECT * FROM jsonb_populate_recordset(NULL::rm_catalogue_questions, $1::jsonb)
         ON CONFLICT (product, question_id) DO UPDATE SET
           version = EXCLUDED.version, name = EXCLUDED.name, category = EXCLUDED.category,
           difficulty = EXCLUDED.difficulty, free = EXCLUDED.free, detail = EXCLUDED.detail,
           published_at = EXCLUDED.published_at
         WHERE EXCLUDED.version > q.version`,
        [JSON.stringify([...questions.values()])],
      );
    // Each field's digest comes from the migration's SQL function, which also backfilled the rows
    // projected before it: one definition, so staff compare versions digested the same way.
    if (versions.length > 0)
      await tx.query(
        `INSERT INTO rm_catalogue_question_versions
           (product, question_id, version, content_sha256, tests_sha256, tests_count, hidden_tests,
            published_at, published_by, event_id, event_xid, event_pos, field_digests)
         SELECT v.product, v.question_id, v.version, v.content_sha256, v.tests_sha256, v.tests_count,
                v.hidden_tests, v.published_at, v.published_by, v.event_id, v.event_xid, v.event_pos,
                rm_catalogue_question_field_digests(r.item->'data')
           FROM jsonb_array_elements($1::jsonb) AS r(item),
                jsonb_populate_record(NULL::rm_catalogue_question_versions, r.item) AS v
         ON CONFLICT DO NOTHING`,
        [JSON.stringify(versions)],
      );
    if (lessons.size > 0)
      await tx.query(
        `INSERT INTO rm_catalogue_lessons AS l
           SELECT * FROM jsonb_populate_recordset(NULL::rm_catalogue_lessons, $1::jsonb)
         ON CONFLICT (product, kind, lesson_id) DO UPDATE SET
           version = EXCLUDED.version, title = EXCLUDED.title, summary = EXCLUDED.summary,
           position = EXCLUDED.position, minutes = EXCLUDED.minutes, free = EXCLUDED.free,
           body = EXCLUDED.body, video = EXCLUDED.video, published_at = EXCLUDED.published_at
         WHERE EXCLUDED.version > l.version`,
        [JSON.stringify([...lessons.values()])],
      );
    const latest = async (
      table: string,
      rows: Map<string, unknown>,
      columns: string[],
      key = 'question_id',
    ) => {
      if (rows.size === 0) return;
      await tx.query(
        `INSERT INTO ${table} AS t
           SELECT * FROM jsonb_populate_recordset(NULL::${table}, $1::jsonb)
         ON CONFLICT (product, ${key}) DO UPDATE SET
           ${['version', ...columns, 'published_at'].map((c) => `${c} = EXCLUDED.${c}`).join(', ')}
         WHERE EXCLUDED.version > t.version`,
        [JSON.stringify([...rows.values()])],
      );
    };
    await latest('rm_catalogue_quiz_questions', quiz, ['position', 'topic', 'kind', 'question']);
    await latest('rm_catalogue_design_questions', design, [
      'position',
      'name',
      'difficulty',
      'category',
      'free',
      'hints',
      'prompt',
      'walkthrough',
    ]);
    await latest('rm_catalogue_glossary', glossary, ['term', 'definition', 'see_also', 'lesson'], 'term_id');
  },
});
