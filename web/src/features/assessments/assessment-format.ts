import {
  type AssessmentAttempt,
  type SubmissionStatus,
  assessmentOutcomeLabels,
  submissionIndicators,
} from '@app/contracts';

/** "45 min" for a time limit in seconds. */
export const minutesText = (seconds: number) => `${Math.round(seconds / 60)} min`;

/** How an attempt stands, in words: running, or how it ended. */
export const stateText = (attempt: AssessmentAttempt) =>
  attempt.state === 'running' ? 'In progress' : assessmentOutcomeLabels[attempt.state];

/** The judged result, e.g. "All Tests Passed · 6/6 tests · JavaScript"; a dash when none. */
export function resultText(attempt: AssessmentAttempt): string {
  if (!attempt.result) return '—';
  const { status, testsPassed, testsTotal } = attempt.result;
  return `${submissionIndicators[status].label} · ${testsPassed}/${testsTotal} tests`;
}

export const statusTheme = (status: SubmissionStatus | null) =>
  status ? submissionIndicators[status].theme : 'pristine';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const whenText = (iso: string) => dateTime.format(new Date(iso));
