import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
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
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
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
