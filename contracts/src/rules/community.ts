/**
 * Content limits of shared solutions and comments (issue 23), in characters. The code of a shared
 * solution may be as long as a submission's; the rest are generous for prose but bounded, so one
 * item cannot weigh down a page of the list.
 */
export const communityLimits = {
  title: 200,
  explanation: 20_000,
  solution: 100_000,
  comment: 10_000,
  moderationReason: 500,
} as const;

/** Page sizes of spec 9: solutions 10 per page, comments 20 per page, replies 10 per batch. */
export const communityPageSizes = { solutions: 10, comments: 20, replies: 10 } as const;

export type Vote = -1 | 0 | 1;

/**
 * The votes of one item folded: each voter's current vote and their sum. A vote equal to the
 * voter's current one changes nothing; any other moves the sum by the difference (spec 4).
 */
export type VoteTally = { readonly votes: ReadonlyMap<string, Vote>; readonly upvotes: number };

export const emptyTally: VoteTally = { votes: new Map(), upvotes: 0 };

export function tallyVote(tally: VoteTally, userId: string, vote: Vote): VoteTally {
  const previous = tally.votes.get(userId) ?? 0;
  if (previous === vote) return tally;
  const votes = new Map(tally.votes);
  if (vote === 0) votes.delete(userId);
  else votes.set(userId, vote);
  return { votes, upvotes: tally.upvotes + vote - previous };
}
