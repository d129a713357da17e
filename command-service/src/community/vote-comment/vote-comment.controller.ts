import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Principal, voteComment } from '@app/contracts';
import {
  type CallInput,
  ContractRoute,
  CurrentPrincipal,
  ValidatedInput,
  acknowledge,
  commandContext,
  requireUser,
  type HttpRequest,
  type HttpResponse,
} from '@app/server-kit';
import { VoteCommentCommand } from './vote-comment.command';
import type { CommentVoteCast } from './vote-comment.handler';

/** shared-solutions/comments/vote (spec 7): answers the comment's count and the caller's vote after it. */
@Controller()
export class VoteCommentController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(voteComment)
  async vote(
    @ValidatedInput() { input }: CallInput<typeof voteComment>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const { appended, upvotes, currentUserVote } = await this.commandBus.execute<
      VoteCommentCommand,
      CommentVoteCast
    >(
      new VoteCommentCommand(
        { commentId: input.commentId, userId: requireUser(principal).userId, vote: input.vote },
        commandContext(request),
      ),
    );
    return { ...acknowledge(response, appended), upvotes, currentUserVote };
  }
}
