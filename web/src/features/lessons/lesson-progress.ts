import type { FetchMap, ProblemProductId } from '@app/contracts';

/*
 * Where a learner's lesson progress lives in their user data (spec 3): the algorithms keep one map per
 * course (`completedDs`, `completedInterviewTips`, `completedBehaviorals`) and one video-time map per
 * course (`dataStructureVideoTimes`, `interviewTipVideoTimes`, `behavioralVideoTimes`); the other tracks
 * keep a `completed` and a `videoTimes` map per section. Every product keeps `videosWatched` per section
 * and `currentLesson`, the lesson last opened.
 */

const algorithmsKeys: Record<string, { completed: string; videoTimes: string }> = {
  'data-structures': { completed: 'completedDs', videoTimes: 'dataStructureVideoTimes' },
  'interview-tips': { completed: 'completedInterviewTips', videoTimes: 'interviewTipVideoTimes' },
  behavioral: { completed: 'completedBehaviorals', videoTimes: 'behavioralVideoTimes' },
};

/** The paths in user data of a section's maps keyed by lesson id. */
export type ProgressPaths = {
  /** Lesson id to true: the lessons marked completed. */
  completed: readonly string[];
  /** Lesson id to whole seconds: where the learner left each lesson's clip. */
  videoTimes: readonly string[];
  /** Lesson id to true: the clips watched to at least WATCHED_FRACTION. */
  videosWatched: readonly string[];
};

/** How much of a clip is watched before it counts as watched. */
export const WATCHED_FRACTION = 0.9;

export function progressPaths(product: ProblemProductId, section: string): ProgressPaths {
  const keys = product === 'algoexpert' ? algorithmsKeys[section] : undefined;
  return {
    completed: keys ? [keys.completed] : ['completed', section],
    videoTimes: keys ? [keys.videoTimes] : ['videoTimes', section],
    videosWatched: ['videosWatched', section],
  };
}

/** The user-data patch that sets `value` at `path` → lessonId (`null` deletes it). */
export function lessonPatch(path: readonly string[], lessonId: string, value: unknown) {
  return path.reduceRight<Record<string, unknown>>((inner, key) => ({ [key]: inner }), { [lessonId]: value });
}

/** The user-data patch that marks a lesson completed, or (`null` deletes) not. */
export function completionPatch(path: readonly string[], lessonId: string, completed: boolean) {
  return lessonPatch(path, lessonId, completed ? true : null);
}

/** The fetch map selecting a section's maps (completion, clip times, clips watched) and `currentLesson`. */
export function progressFetchMap(paths: ProgressPaths): FetchMap {
  const map: FetchMap = { currentLesson: 'TAKE' };
  for (const path of [paths.completed, paths.videoTimes, paths.videosWatched]) {
    let node = map;
    path.forEach((key, index) => {
      if (index === path.length - 1) node[key] = 'TAKE';
      else {
        const next = node[key];
        node = next && next !== 'TAKE' ? next : (node[key] = {});
      }
    });
  }
  return map;
}

/** The map found at `path` in the fetched data (empty when there is none). */
export function mapIn<T>(data: unknown, path: readonly string[]): Record<string, T> {
  let value: unknown = data;
  for (const key of path)
    value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return value && typeof value === 'object' ? (value as Record<string, T>) : {};
}
