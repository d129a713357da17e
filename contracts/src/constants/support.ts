/* Help's contact form (spec 2, /help): the topics a learner writes about, and the message's bounds. */

/** Topic ids, also the help page's `?category=` values (the error screen's bug-report link uses the last). */
export const supportTopics = ['account', 'billing', 'content', 'miscellaneous-bug'] as const;
export type SupportTopic = (typeof supportTopics)[number];

export const supportTopicLabels: Record<SupportTopic, string> = {
  account: 'My account',
  billing: 'Billing and purchases',
  content: 'Content and questions',
  'miscellaneous-bug': 'Report a bug',
};

/** A message shorter than this says too little to act on. */
export const SUPPORT_MESSAGE_MIN_CHARS = 10;
export const SUPPORT_MESSAGE_MAX_CHARS = 5000;
