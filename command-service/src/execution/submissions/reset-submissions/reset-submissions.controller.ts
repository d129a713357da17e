import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Principal, deleteAllSubmissions } from '@app/contracts';
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
import { ResetSubmissionsCommand } from './reset-submissions.command';

/** submissions/deleteAll (spec 7): the learner's submissions of a product are reset. */
@Controller()
export class ResetSubmissionsController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(deleteAllSubmissions)
  async deleteAll(
    @ValidatedInput() { input }: CallInput<typeof deleteAllSubmissions>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const user = requireUser(principal);
    const appended = await this.commandBus.execute<ResetSubmissionsCommand, Appended>(
      new ResetSubmissionsCommand({ userId: user.userId, product: input.product }, commandContext(request)),
    );
    return acknowledge(response, appended);
  }
}
