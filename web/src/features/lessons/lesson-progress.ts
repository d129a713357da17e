import type { ProblemProductId } from '@app/contracts';

/*
 * Where a learner's lesson progress lives in their user data (spec 3): the algorithms keep one map per
 * course (`completedDs`, `completedInterviewTips`, `completedBehaviorals`), the other tracks a
 * `completed` map per section; every product keeps `currentLesson`, the lesson last opened.
 */

const algorithmsKeys: Record<string, string> = {
  'data-structures': 'completedDs',
  'interview-tips': 'completedInterviewTips',
  behavioral: 'completedBehaviorals',
};

/** The path in user data of a section's map of completed lessons (lesson id to true). */
export function completionPath(product: ProblemProductId, section: string): readonly string[] {
  const key = product === 'algoexpert' ? algorithmsKeys[section] : undefined;
  return key ? [key] : ['completed', section];
}

/** The user-data patch that marks a lesson completed, or (`null` deletes) not. */
export function completionPatch(path: readonly string[], lessonId: string, completed: boolean) {
  const leaf = { [lessonId]: completed ? true : null };
  return path.reduceRight<Record<string, unknown>>((inner, key) => ({ [key]: inner }), leaf);
}

/** The fetch map selecting a section's completion map and `currentLesson`. */
export function progressFetchMap(path: readonly string[]) {
  const take = path.reduceRight<Record<string, unknown> | 'TAKE'>((inner, key) => ({ [key]: inner }), 'TAKE');
  return { ...(take as Record<string, unknown>), currentLesson: 'TAKE' as const };
}

/** The completion map found at `path` in the fetched data (empty when there is none). */
export function completedIn(data: unknown, path: readonly string[]): Record<string, boolean> {
  let value: unknown = data;
  for (const key of path)
    value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return value && typeof value === 'object' ? (value as Record<string, boolean>) : {};
}
