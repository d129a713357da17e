/*
 * Unlock progress, certificate eligibility and the daily streak: one rule for the read side (what
 * unlocks/get shows) and the command side (what generate_certificate decides from its own streams).
 */

/** Latest outcome of one question for one learner. */
export type QuestionOutcome = { questionId: string; status: string };

export type UnlockCounts = { numQuestionsCompleted: number; numQuestionsRequired: number };

/**
 * Completed: questions whose latest submission is CORRECT, counted only among the published
 * questions (a submission of a question no longer published does not count). Required: every
 * published question of the product, so the certificate means "solved the whole catalogue"; it moves
 * when content is published.
 */
export function unlockCounts(
  latest: Iterable<QuestionOutcome>,
  publishedQuestionIds: ReadonlySet<string>,
): UnlockCounts {
  const completed = new Set<string>();
  for (const outcome of latest)
    if (outcome.status === 'CORRECT' && publishedQuestionIds.has(outcome.questionId))
      completed.add(outcome.questionId);
  return { numQuestionsCompleted: completed.size, numQuestionsRequired: publishedQuestionIds.size };
}

/**
 * The latest certificate unlocks when every required question is completed, and never for an empty
 * catalogue. The recruiting profile unlocks with the same rule: it shows recruiters the learners
 * who finished the course, which the certificate attests.
 */
export function unlockFlags(counts: UnlockCounts): {
  hasUnlockedLatestCert: boolean;
  hasUnlockedRecruitingProfile: boolean;
} {
  const unlocked =
    counts.numQuestionsRequired > 0 && counts.numQuestionsCompleted >= counts.numQuestionsRequired;
  return { hasUnlockedLatestCert: unlocked, hasUnlockedRecruitingProfile: unlocked };
}

/** The UTC calendar day (YYYY-MM-DD) of an instant. */
export function utcDay(instant: string | Date): string {
  return (typeof instant === 'string' ? new Date(instant) : instant).toISOString().slice(0, 10);
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);

export type DailyStreak = { currentStreakDays: number; longestStreakDays: number };

/**
 * Runs of consecutive UTC days with at least one CORRECT submission. The current run counts while
 * its last day is today or yesterday (today is not over yet); days after today are ignored.
 */
export function dailyStreak(days: Iterable<string>, today: string): DailyStreak {
  const todayNumber = dayNumber(today);
  const sorted = [...new Set([...days].map(dayNumber))]
    .filter((n) => Number.isFinite(n) && n <= todayNumber)
    .sort((a, b) => a - b);
  let longest = 0;
  let run = 0;
  for (let i = 0; i < sorted.length; i++) {
    run = i > 0 && sorted[i] === sorted[i - 1] + 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
  }
  const last = sorted[sorted.length - 1];
  const current = last !== undefined && todayNumber - last <= 1 ? run : 0;
  return { currentStreakDays: current, longestStreakDays: longest };
}
