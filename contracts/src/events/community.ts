import { z } from 'zod';
import { defineEvent } from './define';
import { codingLanguages } from '../constants';
import { communityLimits } from '../rules/community';

/*
 * Community facts (issue 23): shared solutions, comments on them and the votes on both. Events carry
 * user ids only; names live in the profile, which an account wipe erases. A solution's stream holds
 * its sharing, the votes on it and its deletion or hiding; each comment has its own stream, so votes
 * on different items never contend for one stream.
 */

const userId = z.uuid();
const id = z.string().min(1).max(200);
const vote = z.union([z.literal(-1), z.literal(0), z.literal(1)]);
const reason = z.string().trim().min(1).max(communityLimits.moderationReason);

/** A learner shared a solution to a question they had solved (a CORRECT submission first). */
export const SharedSolutionSubmittedV1 = defineEvent({
  type: 'SharedSolutionSubmitted',
  version: 1,
  schema: z.object({
    solutionId: id,
    questionId: id,
    authorId: userId,
    title: z.string().min(1).max(communityLimits.title),
    explanation: z.string().max(communityLimits.explanation),
    language: z.enum(codingLanguages),
    solution: z.string().min(1).max(communityLimits.solution),
  }),
});

/**
 * A learner's vote on a solution changed (up, down or none). `previousVote` is the vote the stream
 * held when this was decided, so the count moves by `vote - previousVote` (spec 4).
 */
export const SharedSolutionVotedV1 = defineEvent({
  type: 'SharedSolutionVoted',
  version: 1,
  schema: z.object({ solutionId: id, userId, vote, previousVote: vote }),
});

/** The author deleted their solution; it is no longer listed. */
export const SharedSolutionDeletedV1 = defineEvent({
  type: 'SharedSolutionDeleted',
  version: 1,
  schema: z.object({ solutionId: id }),
});

/** Staff hid a solution (moderation), with the reason the audit history shows. */
export const SharedSolutionHiddenV1 = defineEvent({
  type: 'SharedSolutionHidden',
  version: 1,
  schema: z.object({ solutionId: id, reason }),
});

/**
 * v2 names the author, so the hiding shows in the author's audit history as well as in the staff
 * member's; a v1 fact did not say (null: it stays in the staff member's history only).
 */
export const SharedSolutionHiddenV2 = defineEvent({
  type: 'SharedSolutionHidden',
  version: 2,
  schema: z.object({ solutionId: id, reason, authorUserId: z.uuid().nullable() }),
  upcastFromPrevious: (previous) => ({
    ...SharedSolutionHiddenV1.schema.parse(previous),
    authorUserId: null,
  }),
});

/** A learner commented on a solution, or replied to a comment of it (`parentId`). */
export const SolutionCommentPostedV1 = defineEvent({
  type: 'SolutionCommentPosted',
  version: 1,
  schema: z.object({
    commentId: id,
    solutionId: id,
    parentId: id.nullable(),
    authorId: userId,
    content: z.string().min(1).max(communityLimits.comment),
  }),
});

/** The author changed their comment's text (it shows as edited). */
export const SolutionCommentEditedV1 = defineEvent({
  type: 'SolutionCommentEdited',
  version: 1,
  schema: z.object({ commentId: id, content: z.string().min(1).max(communityLimits.comment) }),
});

/** A learner's vote on a comment changed; as for solutions, with the vote it replaced. */
export const SolutionCommentVotedV1 = defineEvent({
  type: 'SolutionCommentVoted',
  version: 1,
  schema: z.object({ commentId: id, userId, vote, previousVote: vote }),
});

/** The author deleted their comment: it shows as deleted and keeps its replies. */
export const SolutionCommentDeletedV1 = defineEvent({
  type: 'SolutionCommentDeleted',
  version: 1,
  schema: z.object({ commentId: id }),
});

/** Staff hid a comment (moderation), with its reason; like a deletion it keeps its replies. */
export const SolutionCommentHiddenV1 = defineEvent({
  type: 'SolutionCommentHidden',
  version: 1,
  schema: z.object({ commentId: id, reason }),
});

/** v2 names the author, as SharedSolutionHidden v2 does (null for a v1 fact). */
export const SolutionCommentHiddenV2 = defineEvent({
  type: 'SolutionCommentHidden',
  version: 2,
  schema: z.object({ commentId: id, reason, authorUserId: z.uuid().nullable() }),
  upcastFromPrevious: (previous) => ({
    ...SolutionCommentHiddenV1.schema.parse(previous),
    authorUserId: null,
  }),
});

export type SharedSolutionSubmitted = z.infer<typeof SharedSolutionSubmittedV1.schema>;
export type SolutionCommentPosted = z.infer<typeof SolutionCommentPostedV1.schema>;

export const sharedSolutionStreamId = (solutionId: string) => `shared-solution-${solutionId}`;
export const solutionCommentStreamId = (commentId: string) => `solution-comment-${commentId}`;
