/* Lists, outputs and content (spec 5, 9). */

export const SHARED_SOLUTIONS_PAGE_SIZE = 10;
export const COMMENTS_PAGE_SIZE = 20;
export const NESTED_COMMENTS_BATCH_SIZE = 10;

export const QUIZ_QUICK_TEST_WAIT_MS = 500;
/** Expected and actual text longer than this is cut and ends with an ellipsis. */
export const OUTPUT_TRUNCATION_CHARS = 1000;
/** Quick-test output longer than this on either side is refused. */
export const QUICK_TEST_OUTPUT_LIMIT_CHARS = 50_000;

/** A question this many days old or less is new. */
export const NEW_QUESTION_MAX_AGE_DAYS = 30;
export const LICENCE_YEAR_DAYS = 366;
/** Certificate version assumed when none is known. */
export const DEFAULT_CERTIFICATE_VERSION = '1.0';
