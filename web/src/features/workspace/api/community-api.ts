import {
  type Vote,
  createComment,
  deleteComment,
  deleteSharedSolution,
  editComment,
  listComments,
  listNestedComments,
  listSharedSolutions,
  submitSharedSolution,
  voteComment,
  voteSharedSolution,
} from '@app/contracts';
import { api } from '@/shared/api/api-slice';
import {
  type CallArg,
  type CallResponse,
  contractMutation,
  contractQuery,
  toFetchArgs,
} from '@/shared/api/contract-endpoint';

type SolutionsListArg = CallArg<typeof listSharedSolutions>;
type CommentsListArg = CallArg<typeof listComments>;
type NestedCommentsListArg = CallArg<typeof listNestedComments>;

/**
 * The community calls the workspace's Solutions tab uses (issue 23). Votes show at once: the cached
 * page the vote was cast from is patched before the answer, and put back when the call fails.
 */
export const communityApi = api.injectEndpoints({
  endpoints: (build) => ({
    listSharedSolutions: contractQuery(build, listSharedSolutions, { providesTags: ['SharedSolutions'] }),
    submitSharedSolution: contractMutation(build, submitSharedSolution, {
      invalidatesTags: ['SharedSolutions'],
    }),
    deleteSharedSolution: contractMutation(build, deleteSharedSolution, {
      invalidatesTags: ['SharedSolutions'],
    }),
    voteSharedSolution: build.mutation<
      CallResponse<typeof voteSharedSolution>,
      { solutionId: string; vote: Vote; listArg: SolutionsListArg }
    >({
      query: ({ solutionId, vote }) => toFetchArgs(voteSharedSolution, { solutionId, vote }),
      async onQueryStarted({ solutionId, vote, listArg }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          communityApi.util.updateQueryData('listSharedSolutions', listArg, (draft) => {
            const solution = draft.solutions.find((s) => s.id === solutionId);
            if (!solution) return;
            solution.upvotes += vote - solution.currentUserVote;
            solution.currentUserVote = vote;
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(
            communityApi.util.updateQueryData('listSharedSolutions', listArg, (draft) => {
              const solution = draft.solutions.find((s) => s.id === solutionId);
              if (solution)
                Object.assign(solution, { upvotes: data.upvotes, currentUserVote: data.currentUserVote });
            }),
          );
        } catch {
          patch.undo();
        }
      },
    }),
    listComments: contractQuery(build, listComments, { providesTags: ['SolutionComments'] }),
    listNestedComments: contractQuery(build, listNestedComments, { providesTags: ['SolutionComments'] }),
    createComment: contractMutation(build, createComment, { invalidatesTags: ['SolutionComments'] }),
    editComment: contractMutation(build, editComment, { invalidatesTags: ['SolutionComments'] }),
    deleteComment: contractMutation(build, deleteComment, { invalidatesTags: ['SolutionComments'] }),
    voteComment: build.mutation<
      CallResponse<typeof voteComment>,
      {
        commentId: string;
        vote: Vote;
        /** The cached page the comment is on: the top-level page, or the batch of replies. */
        listArg: CommentsListArg | null;
        repliesArg?: NestedCommentsListArg;
      }
    >({
      query: ({ commentId, vote }) => toFetchArgs(voteComment, { commentId, vote }),
      async onQueryStarted({ commentId, vote, listArg, repliesArg }, { dispatch, queryFulfilled }) {
        const apply = (
          upvotes: (comment: { upvotes: number; currentUserVote: Vote }) => number,
          next: Vote,
        ) => {
          const recipe = (draft: { comments: { id: string; upvotes: number; currentUserVote: Vote }[] }) => {
            const comment = draft.comments.find((c) => c.id === commentId);
            if (!comment) return;
            comment.upvotes = upvotes(comment);
            comment.currentUserVote = next;
          };
          if (listArg) return dispatch(communityApi.util.updateQueryData('listComments', listArg, recipe));
          if (repliesArg) {
            return dispatch(communityApi.util.updateQueryData('listNestedComments', repliesArg, recipe));
          }
          return null;
        };
        const patch = apply((c) => c.upvotes + vote - c.currentUserVote, vote);
        try {
          const { data } = await queryFulfilled;
          // The server's count, which may hold other learners' votes cast meanwhile.
          apply(() => data.upvotes, data.currentUserVote);
        } catch {
          patch?.undo();
        }
      },
      invalidatesTags: (_result, _error, { listArg, repliesArg }) =>
        listArg || repliesArg ? [] : ['SolutionComments'],
    }),
  }),
});

export const {
  useListSharedSolutionsQuery,
  useSubmitSharedSolutionMutation,
  useDeleteSharedSolutionMutation,
  useVoteSharedSolutionMutation,
  useListCommentsQuery,
  useListNestedCommentsQuery,
  useCreateCommentMutation,
  useEditCommentMutation,
  useDeleteCommentMutation,
  useVoteCommentMutation,
} = communityApi;
