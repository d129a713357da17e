import { randomUUID } from 'node:crypto';
import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Principal, createComment } from '@app/contracts';
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
import { CreateCommentCommand } from './create-comment.command';
import type { CommentCreated } from './create-comment.handler';

/** shared-solutions/comments/create (spec 7): answers the comment as listed. */
@Controller()
export class CreateCommentController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(createComment)
  async create(
    @ValidatedInput() { input }: CallInput<typeof createComment>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const context = commandContext(request);
    const { appended, comment } = await this.commandBus.execute<CreateCommentCommand, CommentCreated>(
      new CreateCommentCommand(
        {
          commentId: context.idempotencyKey ?? randomUUID(),
          solutionId: input.solutionId,
          parentId: input.parentId ?? null,
          authorId: requireUser(principal).userId,
          content: input.content,
        },
        context,
      ),
    );
    return { ...acknowledge(response, appended), comment };
  }
}
