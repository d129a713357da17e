import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Principal, deleteComment } from '@app/contracts';
import {
  type Appended,
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
import { isModerator } from '../shared-solution.aggregate';
import { DeleteCommentCommand } from './delete-comment.command';

/** shared-solutions/comments/delete (spec 7): the author's own, or staff with a reason. */
@Controller()
export class DeleteCommentController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(deleteComment)
  async delete(
    @ValidatedInput() { input }: CallInput<typeof deleteComment>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const appended = await this.commandBus.execute<DeleteCommentCommand, Appended>(
      new DeleteCommentCommand(
        {
          commentId: input.commentId,
          actorId: requireUser(principal).userId,
          moderator: isModerator(principal),
          reason: input.reason,
        },
        commandContext(request),
      ),
    );
    return acknowledge(response, appended);
  }
}
