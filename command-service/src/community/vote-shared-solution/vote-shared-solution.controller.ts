import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Principal, voteSharedSolution } from '@app/contracts';
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
import { VoteSharedSolutionCommand } from './vote-shared-solution.command';
import type { SharedSolutionVoteCast } from './vote-shared-solution.handler';

/** shared-solutions/vote (spec 7): answers the solution's count and the caller's vote after it. */
@Controller()
export class VoteSharedSolutionController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(voteSharedSolution)
  async vote(
    @ValidatedInput() { input }: CallInput<typeof voteSharedSolution>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const { appended, upvotes, currentUserVote } = await this.commandBus.execute<
      VoteSharedSolutionCommand,
      SharedSolutionVoteCast
    >(
      new VoteSharedSolutionCommand(
        { solutionId: input.solutionId, userId: requireUser(principal).userId, vote: input.vote },
        commandContext(request),
      ),
    );
    return { ...acknowledge(response, appended), upvotes, currentUserVote };
  }
}
