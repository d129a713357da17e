import { z } from 'zod';
import { anyone, commandAckSchema, defineCall, signedIn } from '../define';
import { planned } from '../build-state';
import { post } from '../call-path';
import { codingLanguageSchema, idSchema, sourceCodeSchema, voteSchema } from '../common';

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
  })
  .loose();
export type Comment = z.infer<typeof commentSchema>;

const page = z.number().int().min(0).max(10_000).default(0);

const commentContent = z.string().trim().min(1, 'The comment is empty.').max(10_000);

const voteReply = commandAckSchema.extend({ upvotes: z.number().int(), currentUserVote: voteSchema });

export const submitSharedSolution = defineCall({
  route: post('submitSharedSolution', '/api/problems/v1/shared-solutions/submit'),
  state: planned('community'),
  kind: 'command',
  access: signedIn,
  summary: 'Share a solution to a question.',
  request: z.object({
    questionId: idSchema,
    title: z.string().trim().min(1, 'The title is empty.').max(200),
    explanation: z.string().max(20_000),
    language: codingLanguageSchema,
    solution: sourceCodeSchema.min(1, 'The solution is empty.'),
  }),
  response: commandAckSchema.extend({ sharedSolution: sharedSolutionSchema }),
});

export const listSharedSolutions = defineCall({
  route: post('listSharedSolutions', '/api/problems/v1/shared-solutions/list'),
  state: planned('community'),
  kind: 'query',
  access: anyone,
  summary: 'One page (10) of shared solutions to a question.',
  request: z.object({ questionId: idSchema, page, language: codingLanguageSchema.optional() }),
  response: z.object({
    solutions: z.array(sharedSolutionSchema),
    totalCount: z.number().int().nonnegative(),
    hasMore: z.boolean(),
  }),
});

export const voteSharedSolution = defineCall({
  route: post('voteSharedSolution', '/api/problems/v1/shared-solutions/vote'),
  state: planned('community'),
  kind: 'command',
  access: signedIn,
  summary: 'Vote on a shared solution (-1, 0 or 1).',
  request: z.object({ solutionId: idSchema, vote: voteSchema }),
  response: voteReply,
});

export const deleteSharedSolution = defineCall({
  route: post('deleteSharedSolution', '/api/problems/v1/shared-solutions/delete'),
  state: planned('community'),
  kind: 'command',
  access: signedIn,
  summary: 'Delete one of your shared solutions.',
  request: z.object({ solutionId: idSchema }),
  response: commandAckSchema,
});

export const createComment = defineCall({
  route: post('createComment', '/api/problems/v1/shared-solutions/comments/create'),
  state: planned('community'),
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
  state: planned('community'),
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
  state: planned('community'),
  kind: 'command',
  access: signedIn,
  summary: 'Vote on a comment (-1, 0 or 1).',
  request: z.object({ commentId: idSchema, vote: voteSchema }),
  response: voteReply,
});

export const deleteComment = defineCall({
  route: post('deleteComment', '/api/problems/v1/shared-solutions/comments/delete'),
  state: planned('community'),
  kind: 'command',
  access: signedIn,
  summary: 'Delete one of your comments.',
  request: z.object({ commentId: idSchema }),
  response: commandAckSchema,
});

export const editComment = defineCall({
  route: post('editComment', '/api/problems/v1/shared-solutions/comments/edit'),
  state: planned('community'),
  kind: 'command',
  access: signedIn,
  summary: 'Edit one of your comments (marks it edited).',
  request: z.object({ commentId: idSchema, content: commentContent }),
  response: commandAckSchema.extend({ comment: commentSchema }),
});

export const listNestedComments = defineCall({
  route: post('listNestedComments', '/api/problems/v1/shared-solutions/nested-comments/list'),
  state: planned('community'),
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
