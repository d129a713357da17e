import { StreamLocks } from '../infrastructure/stream-locks';
import { SubmitSharedSolutionController } from './submit-shared-solution/submit-shared-solution.controller';
import { SubmitSharedSolutionHandler } from './submit-shared-solution/submit-shared-solution.handler';
import { VoteSharedSolutionController } from './vote-shared-solution/vote-shared-solution.controller';
import { VoteSharedSolutionHandler } from './vote-shared-solution/vote-shared-solution.handler';
import { DeleteSharedSolutionController } from './delete-shared-solution/delete-shared-solution.controller';
import { DeleteSharedSolutionHandler } from './delete-shared-solution/delete-shared-solution.handler';
import { CreateCommentController } from './create-comment/create-comment.controller';
import { CreateCommentHandler } from './create-comment/create-comment.handler';
import { VoteCommentController } from './vote-comment/vote-comment.controller';
import { VoteCommentHandler } from './vote-comment/vote-comment.handler';
import { DeleteCommentController } from './delete-comment/delete-comment.controller';
import { DeleteCommentHandler } from './delete-comment/delete-comment.handler';
import { EditCommentController } from './edit-comment/edit-comment.controller';
import { EditCommentHandler } from './edit-comment/edit-comment.handler';

/** The community's write side (issue 23), listed by role for the app module. */
export const communityControllers = [
  SubmitSharedSolutionController,
  VoteSharedSolutionController,
  DeleteSharedSolutionController,
  CreateCommentController,
  VoteCommentController,
  DeleteCommentController,
  EditCommentController,
];

export const communityProviders = [
  StreamLocks,
  SubmitSharedSolutionHandler,
  VoteSharedSolutionHandler,
  DeleteSharedSolutionHandler,
  CreateCommentHandler,
  VoteCommentHandler,
  DeleteCommentHandler,
  EditCommentHandler,
];
