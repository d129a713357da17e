import { z } from 'zod';
import { anyone, commandAckSchema, defineCall, signedIn } from '../define';
import { built } from '../build-state';
import { post } from '../call-path';
import { codingLanguageSchema, idSchema, sourceCodeSchema, voteSchema } from '../common';
import { communityLimits } from '../../rules/community';

/*
 * Spec 7, Shared solutions (under /api/problems/v1/shared-solutions/): solutions, comments and votes.
 * Reading is open, writing needs sign-in (spec 5 share prompts).
 */

export const sharedSolutionSchema = z
  .object({
    id: idSchema,
    upvotes: z.number().int(),
    currentUserVote: voteSchema,
    title: z.string(),
    explanation: z.string(),
    language: codingLanguageSchema,
    solution: z.string(),
    questionId: idSchema.optional(),
    createdAt: z.string().optional(),
    /** The viewer wrote it (they may delete it). */
    isOwn: z.boolean().optional(),
    /** Its author's account was wiped: the content stays, from a removed account. */
    authorRemoved: z.boolean().optional(),
    /** The author's public username; null when they chose none (or the account was wiped). */
    authorName: z.string().nullable().optional(),
  })
  .loose();
export type SharedSolution = z.infer<typeof sharedSolutionSchema>;

export const commentSchema = z
  .object({
    id: idSchema,
    content: z.string(),
    upvotes: z.number().int(),
    currentUserVote: voteSchema,
    wasEdited: z.boolean(),
    numChildren: z.number().int().nonnegative(),
    parentId: idSchema.nullable(),
    solutionId: idSchema.optional(),
    createdAt: z.string().optional(),
    /** The viewer wrote it (they may edit and delete it). */
    isOwn: z.boolean().optional(),
    /** Deleted by its author or hidden by staff: shown as deleted (empty content), its replies kept. */
    deleted: z.boolean().optional(),
    authorRemoved: z.boolean().optional(),
    /** The author's public username; null when they chose none, the account was wiped, or it is deleted. */
    authorName: z.string().nullable().optional(),
  })
  .loose();
export type Comment = z.infer<typeof commentSchema>;

const page = z.number().int().min(0).max(10_000).default(0);

const commentContent = z
  .string()
  .trim()
  .min(1, 'The comment is empty.')
  .max(communityLimits.comment, `The comment is longer than ${communityLimits.comment} characters.`);

/** Staff only: the reason a moderator hides someone else's item (kept in the audit history). */
const moderationReason = z.string().trim().min(1).max(communityLimits.moderationReason).optional();

const voteReply = commandAckSchema.extend({ upvotes: z.number().int(), currentUserVote: voteSchema });

export const submitSharedSolution = defineCall({
  route: post('submitSharedSolution', '/api/problems/v1/shared-solutions/submit'),
  state: built,
  kind: 'command',
  access: signedIn,
  summary: 'Share a solution to a question.',
  request: z.object({
    questionId: idSchema,
    title: z
      .string()
      .trim()
      .min(1, 'The title is empty.')
      .max(communityLimits.title, `The title is longer than ${communityLimits.title} characters.`),
    explanation: z
      .string()
      .max(
        communityLimits.explanation,
        `The explanation is longer than ${communityLimits.explanation} characters.`,
      ),
    language: codingLanguageSchema,
    solution: sourceCodeSchema.min(1, 'The solution is empty.'),
  }),
  response: commandAckSchema.extend({ sharedSolution: sharedSolutionSchema }),
});

export const listSharedSolutions = defineCall({
  route: post('listSharedSolutions', '/api/problems/v1/shared-solutions/list'),
  state: built,
  kind: 'query',
  access: anyone,
  summary: 'One page (10) of shared solutions to a question.',
  request: z.object({
    questionId: idSchema,
    page,
    language: codingLanguageSchema.optional(),
    /** Most upvoted first (the default), or newest first. */
    sortBy: z.enum(['votes', 'newest']).default('votes'),
  }),
  response: z.object({
    solutions: z.array(sharedSolutionSchema),
    totalCount: z.number().int().nonnegative(),
    hasMore: z.boolean(),
  }),
});

export const voteSharedSolution = defineCall({
  route: post('voteSharedSolution', '/api/problems/v1/shared-solutions/vote'),
  state: built,
  kind: 'command',
  access: signedIn,
  summary: 'Vote on a shared solution (-1, 0 or 1).',
  request: z.object({ solutionId: idSchema, vote: voteSchema }),
  response: voteReply,
});

export const deleteSharedSolution = defineCall({
  route: post('deleteSharedSolution', '/api/problems/v1/shared-solutions/delete'),
  state: built,
  kind: 'command',
  access: signedIn,
  summary: 'Delete one of your shared solutions (staff: hide one, with a reason).',
  request: z.object({ solutionId: idSchema, reason: moderationReason }),
  response: commandAckSchema,
});

export const createComment = defineCall({
  route: post('createComment', '/api/problems/v1/shared-solutions/comments/create'),
  state: built,
  kind: 'command',
  access: signedIn,
  summary: 'Comment on a shared solution, or reply to a comment.',
  request: z.object({
    solutionId: idSchema,
    content: commentContent,
    parentId: idSchema.nullable().optional(),
  }),
  response: commandAckSchema.extend({ comment: commentSchema }),
});

export const listComments = defineCall({
  route: post('listComments', '/api/problems/v1/shared-solutions/comments/list'),
  state: built,
  kind: 'query',
  access: anyone,
  summary: 'One page (20) of top-level comments on a shared solution.',
  request: z.object({ solutionId: idSchema, page }),
  response: z.object({
    comments: z.array(commentSchema),
    totalCount: z.number().int().nonnegative(),
    hasMore: z.boolean(),
  }),
});

export const voteComment = defineCall({
  route: post('voteComment', '/api/problems/v1/shared-solutions/comments/vote'),
  state: built,
  kind: 'command',
  access: signedIn,
  summary: 'Vote on a comment (-1, 0 or 1).',
  request: z.object({ commentId: idSchema, vote: voteSchema }),
  response: voteReply,
});

export const deleteComment = defineCall({
  route: post('deleteComment', '/api/problems/v1/shared-solutions/comments/delete'),
  state: built,
  kind: 'command',
  access: signedIn,
  summary: 'Delete one of your comments (staff: hide one, with a reason).',
  request: z.object({ commentId: idSchema, reason: moderationReason }),
  response: commandAckSchema,
});

export const editComment = defineCall({
  route: post('editComment', '/api/problems/v1/shared-solutions/comments/edit'),
  state: built,
  kind: 'command',
  access: signedIn,
  summary: 'Edit one of your comments (marks it edited).',
  request: z.object({ commentId: idSchema, content: commentContent }),
  response: commandAckSchema.extend({ comment: commentSchema }),
});

export const listNestedComments = defineCall({
  route: post('listNestedComments', '/api/problems/v1/shared-solutions/nested-comments/list'),
  state: built,
  kind: 'query',
  access: anyone,
  summary: 'The next batch (10) of replies to a comment, by cursor.',
  request: z.object({ parentId: idSchema, cursor: z.string().max(500).nullable().optional() }),
  response: z.object({
    comments: z.array(commentSchema),
    /** Pass back to get the next batch; null at the end. */
    cursor: z.string().nullable(),
    hasMore: z.boolean(),
  }),
});
