import { DomainError, JUDGE_REQUEST_LIMIT_MS } from '@app/contracts';

/**
 * Answers RCE_TIMEOUT when judging has not ended within `limitMs` (JUDGE_REQUEST_LIMIT_MS), however its
 * limits added up (a queue wait, compiles, runs), so the engine answers before the gateway gives up. The
 * work goes on to its own limits, unwaited.
 */
export async function withinRequestLimit<T>(
  work: () => Promise<T>,
  limitMs: number = JUDGE_REQUEST_LIMIT_MS,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new DomainError('RCE_TIMEOUT', `Judging your code took longer than ${limitMs / 1000} seconds.`),
        ),
      limitMs,
    );
  });
  try {
    return await Promise.race([work(), limit]);
  } finally {
    clearTimeout(timer);
  }
}
