import type { Comment, SharedSolution, Vote } from '@app/contracts';
import type { SharedSolutionState } from './shared-solution.aggregate';
import type { SolutionCommentState } from './solution-comment.aggregate';

type Listed = Exclude<SharedSolutionState, { status: 'none' }>;
type Posted = Exclude<SolutionCommentState, { status: 'none' }>;

/** A solution as the command answers it (spec 3), seen by `viewerId`. */
export function toSharedSolution(state: Listed, viewerId: string): SharedSolution {
  return {
    id: state.solutionId,
    questionId: state.questionId,
    upvotes: state.tally.upvotes,
    currentUserVote: state.tally.votes.get(viewerId) ?? 0,
    title: state.title,
    explanation: state.explanation,
    // The event schema holds only the platform's coding languages.
    language: state.language as SharedSolution['language'],
    solution: state.solution,
    isOwn: state.authorId === viewerId,
    authorRemoved: false,
  };
}

/**
 * A comment as the command answers it (spec 3), seen by `viewerId`. Its replies are other streams:
 * the command knows none, so `numChildren` is what the caller passes (0 for a new comment; the
 * comments list is where the count is read).
 */
export function toComment(state: Posted, viewerId: string, numChildren = 0): Comment {
  const removed = state.status === 'removed';
  return {
    id: state.commentId,
    solutionId: state.solutionId,
    parentId: state.parentId,
    content: removed ? '' : state.content,
    upvotes: state.tally.upvotes,
    currentUserVote: state.tally.votes.get(viewerId) ?? 0,
    wasEdited: state.wasEdited,
    numChildren,
    isOwn: state.authorId === viewerId,
    deleted: removed,
    authorRemoved: false,
  };
}

/** What a vote command answers: the item's count and the voter's vote after it. */
export type VoteAnswer = { upvotes: number; currentUserVote: Vote };
