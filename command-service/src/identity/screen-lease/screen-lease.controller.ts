import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Principal, acquireScreenLease } from '@app/contracts';
import {
  type CallInput,
  ContractRoute,
  CurrentPrincipal,
  ValidatedInput,
  requireUser,
  acknowledge,
  commandContext,
  type HttpRequest,
  type HttpResponse,
} from '@app/server-kit';
import { AcquireScreenLeaseCommand } from './acquire-screen-lease.command';
import type { ScreenLeaseAcquired } from './acquire-screen-lease.handler';

/** Single-screen lease (spec 4): a machine of the signed-in account asks for the lease. */
@Controller()
export class ScreenLeaseController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(acquireScreenLease)
  async acquire(
    @ValidatedInput() { input }: CallInput<typeof acquireScreenLease>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const user = requireUser(principal);
    const { appended, lease } = await this.commandBus.execute<AcquireScreenLeaseCommand, ScreenLeaseAcquired>(
      new AcquireScreenLeaseCommand(
        {
          userId: user.userId,
          subject: input.subject,
          machineUuid: input.machine_uuid,
          force: input.force,
          ttlSeconds: input.ttl,
        },
        commandContext(request),
      ),
    );
    return { ...acknowledge(response, appended), acquired: lease.acquired, currentOwner: lease.currentOwner };
  }
}
