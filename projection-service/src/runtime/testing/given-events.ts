import {
  type EventDataMap,
  type SubmissionStatus,
  questionStreamId,
  submissionsStreamId,
  userStreamId,
} from '@app/contracts';
import type { GivenEvent } from '@app/server-kit';

/*
 * Events several projection tests give, typed by the catalogue and on the streams the command side
 * appends them to (Kafka orders events per stream only, so the stream tells which orders a feed can
 * deliver). `at` is an ISO instant (occurredAt); without it the scenario numbers the time.
 */

type Product = EventDataMap['CodeSubmitted']['product'];

/** A table's `date` column as node-postgres reads it (local midnight of the day). */
export const dateColumn = (day: string): Date => new Date(`${day}T00:00:00`);

export function questionPublished(
  questionId: string,
  options: { product?: Product; version?: number; name?: string; at?: string } = {},
): GivenEvent {
  const product = options.product ?? 'algoexpert';
  const version = options.version ?? 1;
  return {
    type: 'QuestionPublished',
    streamId: questionStreamId(product, questionId),
    occurredAt: options.at,
    data: {
      product,
      questionId,
      version,
      contentSha256: String(version % 10).repeat(64),
      question: {
        slug: questionId,
        name: options.name ?? `Question ${questionId}`,
        difficulty: 1,
        category: 'Arrays',
        free: false,
        prompt: `Write a function for ${questionId} that returns the answer to its question.`,
        hints: ['Think about the input first.', 'Then think about the output.'],
        complexity: { time: 'O(n)', space: 'O(1)' },
        walkthrough: 'Walk through the array once. '.repeat(12),
        signature: { name: 'solve', params: [{ name: 'array', type: 'int[]' }], returns: 'int' },
      },
      tests: {
        sha256: 'a'.repeat(64),
        count: 3,
        hidden: 1,
        visible: [
          { input: { array: [1, 2] }, output: 3 },
          { input: { array: [] }, output: 0 },
        ],
      },
      starters: { python: 'def solve(array):\n    pass\n' },
      solutions: { python: 'def solve(array):\n    return sum(array)\n' },
    },
  };
}

export function codeSubmitted(
  userId: string,
  questionId: string,
  status: SubmissionStatus = 'CORRECT',
  options: { product?: Product; at?: string; language?: 'python' | 'java' } = {},
): GivenEvent {
  return {
    type: 'CodeSubmitted',
    streamId: submissionsStreamId(userId),
    occurredAt: options.at,
    data: {
      userId,
      product: options.product ?? 'algoexpert',
      questionId,
      questionVersion: 1,
      language: options.language ?? 'python',
      status,
      testsPassed: status === 'CORRECT' ? 10 : status === 'PARTIALLY_CORRECT' ? 5 : 0,
      testsTotal: 10,
      codeSha256: 'c'.repeat(64),
      durationMs: 5,
    },
  };
}

export function submissionsReset(
  userId: string,
  options: { product?: Product; at?: string } = {},
): GivenEvent {
  return {
    type: 'SubmissionsReset',
    streamId: submissionsStreamId(userId),
    occurredAt: options.at,
    data: { userId, product: options.product ?? 'algoexpert' },
  };
}

export function accountWiped(userId: string, options: { at?: string } = {}): GivenEvent {
  return {
    type: 'AccountWiped',
    streamId: userStreamId(userId),
    occurredAt: options.at,
    data: { userId },
  };
}
