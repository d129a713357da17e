import path from 'node:path';
import { Client } from 'pg';
import {
  type RecordedEvent,
  formatPosition,
  questionStreamId,
  submissionsStreamId,
  userDataStreamId,
  userStreamId,
} from '@app/contracts';
import { type GivenEvent, createPool, eventStoreMigrations, migrate, recordedEvents } from '@app/server-kit';
import {
  accountAsOf,
  accountHistoryProjection,
  historyQuery,
  projections,
  readModelMigrations,
} from '@app/projection-service';
import { startEmbeddedPostgres } from '@app/infra/dist/postgres';
import { cpuMeter, percentiles, progress, round } from './support';

/*
 * Issue 20: the audit history of one account with HISTORY_EVENTS events, and time travel to the middle
 * of it, on a fresh embedded PostgreSQL. The events go through the account-history projection's own
 * apply (batches of 500, as the runner commits them); the pages are the history call's own query
 * (first, middle and last page of 100 by cursor); the replay is the as-of call's own function.
 */

const HISTORY_EVENTS = 100_000;
const PAGE = 100;
const PAGE_SAMPLES = 200;
const REPLAYS = 3;

const userId = '00000000-0000-4000-8000-0000000000b1';

/** A learner's busy life: mostly saved drafts, then submissions and sign-ins; the questions first. */
function accountEvents(count: number): RecordedEvent[] {
  const given: GivenEvent[] = [];
  for (let q = 0; q < 20; q++) {
    given.push({
      type: 'QuestionPublished',
      streamId: questionStreamId('algoexpert', `q${q}`),
      data: {
        product: 'algoexpert',
        questionId: `q${q}`,
        version: 1,
        contentSha256: 'a'.repeat(64),
        question: {
          slug: `q${q}`,
          name: `Question ${q}`,
          difficulty: 1,
          category: 'Arrays',
          free: false,
          prompt: `Solve question ${q} by returning the answer for the input array.`,
          hints: ['Look at the input.'],
          complexity: { time: 'O(n)', space: 'O(1)' },
          walkthrough: 'Walk through the array once. '.repeat(12),
          signature: { name: 'solve', params: [{ name: 'array', type: 'int[]' }], returns: 'int' },
        },
        tests: {
          sha256: 'b'.repeat(64),
          count: 2,
          hidden: 1,
          visible: [{ input: { array: [1] }, output: 1 }],
        },
        starters: { python: 'def solve(array):\n    pass\n' },
        solutions: { python: 'def solve(array):\n    return sum(array)\n' },
      },
    });
  }
  given.push({
    type: 'UserRegistered',
    streamId: userStreamId(userId),
    data: { userId, provider: 'github' },
  });
  while (given.length < count) {
    const i = given.length;
    if (i % 50 === 0) {
      given.push({
        type: 'UserSignedIn',
        streamId: userStreamId(userId),
        data: {
          userId,
          provider: 'github',
          sessionId: '00000000-0000-4000-8000-0000000000e1',
          studentCheckRequested: false,
        },
      });
    } else if (i % 10 === 0) {
      given.push({
        type: 'CodeSubmitted',
        streamId: submissionsStreamId(userId),
        data: {
          userId,
          product: 'algoexpert',
          questionId: `q${i % 20}`,
          questionVersion: 1,
          language: 'python',
          status: i % 30 === 0 ? 'CORRECT' : 'INCORRECT',
          testsPassed: 1,
          testsTotal: 2,
          codeSha256: 'c'.repeat(64),
          durationMs: 5,
        },
      });
    } else {
      given.push({
        type: 'UserDataSet',
        streamId: userDataStreamId('algoexpert', userId),
        data: {
          userId,
          product: 'algoexpert',
          data: { drafts: { [`q${i % 20}`]: { python: `def solve(array):\n    return ${i}\n` } } },
          deepMerge: true,
        },
      });
    }
  }
  return recordedEvents(given);
}

export async function measureStaff(benchDir: string) {
  progress(`staff: starting embedded PostgreSQL in ${path.basename(benchDir)}/staff`);
  const postgres = await startEmbeddedPostgres({ dataDir: path.join(benchDir, 'staff') });
  try {
    const admin = new Client(postgres.adminUrl);
    await admin.connect();
    await admin.query('CREATE DATABASE bench_staff');
    await admin.end();
    const url = postgres.urlFor('bench_staff');
    await migrate(url, eventStoreMigrations);
    await migrate(url, readModelMigrations);
    const pool = createPool(url, { max: 4, application_name: 'bench-staff' });
    try {
      const events = accountEvents(HISTORY_EVENTS);
      progress(`staff: indexing ${HISTORY_EVENTS.toLocaleString('en')} events of one account`);
      const indexCpu = cpuMeter({}, 'postgres');
      const indexStart = performance.now();
      for (let start = 0; start < events.length; start += 500) {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          await accountHistoryProjection.apply(events.slice(start, start + 500), client);
          await client.query('COMMIT');
        } finally {
          client.release();
        }
      }
      const indexSeconds = (performance.now() - indexStart) / 1000;
      const indexCpuUsed = indexCpu.stop();
      await pool.query('ANALYZE rm_account_history');

      const cursorAt = (index: number) => ({
        transactionId: events[index].transactionId,
        position: events[index].position,
      });
      const pageTimes = async (after: ReturnType<typeof cursorAt> | undefined) => {
        const samples: number[] = [];
        let rows = 0;
        for (let i = 0; i < PAGE_SAMPLES; i++) {
          const query = historyQuery(userId, {}, after, PAGE + 1);
          const start = performance.now();
          rows = (await pool.query(query.text, query.values)).rows.length;
          samples.push(performance.now() - start);
        }
        if (rows === 0) throw new Error('The history page came back empty.');
        return { unit: 'ms', rows: Math.min(rows, PAGE), ...percentiles(samples) };
      };
      progress('staff: history pages (first, middle, last)');
      const historyPage = {
        first: await pageTimes(undefined),
        middle: await pageTimes(cursorAt(Math.floor(events.length / 2))),
        last: await pageTimes(cursorAt(events.length - PAGE - 1)),
      };
      const typeFiltered = historyQuery(
        userId,
        { types: ['CodeSubmitted'] },
        cursorAt(events.length / 2),
        PAGE + 1,
      );
      const filteredStart = performance.now();
      await pool.query(typeFiltered.text, typeFiltered.values);
      const filteredMs = performance.now() - filteredStart;

      const middle = events[Math.floor(events.length / 2)];
      const replayed = projections.filter((projection) => projection !== accountHistoryProjection);
      progress(
        `staff: replaying to the middle (${formatPosition(middle)}) through ${replayed.length} read models`,
      );
      const replaySamples: number[] = [];
      const replayCpu = cpuMeter({}, 'postgres');
      let completed = 0;
      for (let i = 0; i < REPLAYS; i++) {
        const start = performance.now();
        const asOf = await accountAsOf(pool, replayed, userId, middle);
        replaySamples.push(performance.now() - start);
        completed = asOf.unlocks.algoexpert.numQuestionsCompleted ?? 0;
        if (Object.keys(asOf.userData).length === 0) throw new Error('The replay found no user data.');
      }
      const replayEvents = Math.floor(events.length / 2) + 1;
      return {
        historyEvents: HISTORY_EVENTS,
        indexing: {
          eventsPerSecond: Math.round(HISTORY_EVENTS / indexSeconds),
          seconds: round(indexSeconds, 2),
          cpu: indexCpuUsed,
        },
        historyPage: {
          pageSize: PAGE,
          samplesEach: PAGE_SAMPLES,
          ...historyPage,
          typeFilteredMiddleMs: round(filteredMs, 1),
        },
        replayToMiddle: {
          unit: 'ms',
          events: replayEvents,
          readModels: replayed.length,
          questionsCompletedThen: completed,
          ...percentiles(replaySamples),
          eventsPerSecond: Math.round(replayEvents / (percentiles(replaySamples).p50 / 1000)),
          cpu: replayCpu.stop(),
        },
      };
    } finally {
      await pool.end();
    }
  } finally {
    await postgres.stop();
  }
}
