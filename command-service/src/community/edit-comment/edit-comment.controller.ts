import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Principal, editComment } from '@app/contracts';
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
import { EditCommentCommand } from './edit-comment.command';
import type { CommentEdited } from './edit-comment.handler';

/**
 * shared-solutions/comments/edit (spec 7): answers the comment as edited (`wasEdited`); its
 * `numChildren` is 0 here, the comments lists count the replies.
 */
@Controller()
export class EditCommentController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(editComment)
  async edit(
    @ValidatedInput() { input }: CallInput<typeof editComment>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const { appended, comment } = await this.commandBus.execute<EditCommentCommand, CommentEdited>(
      new EditCommentCommand(
        { commentId: input.commentId, actorId: requireUser(principal).userId, content: input.content },
        commandContext(request),
      ),
    );
    return { ...acknowledge(response, appended), comment };
  }
}
