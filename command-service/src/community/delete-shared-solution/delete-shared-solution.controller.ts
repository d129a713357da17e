import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Principal, deleteSharedSolution } from '@app/contracts';
import type { Appended } from '@app/server-kit';
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
import { isModerator } from '../shared-solution.aggregate';
import { DeleteSharedSolutionCommand } from './delete-shared-solution.command';

/** shared-solutions/delete (spec 7): the author's own, or staff with a reason. */
@Controller()
export class DeleteSharedSolutionController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(deleteSharedSolution)
  async delete(
    @ValidatedInput() { input }: CallInput<typeof deleteSharedSolution>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const appended = await this.commandBus.execute<DeleteSharedSolutionCommand, Appended>(
      new DeleteSharedSolutionCommand(
        {
          solutionId: input.solutionId,
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
