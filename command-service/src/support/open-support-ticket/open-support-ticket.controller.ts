import { randomUUID } from 'node:crypto';
import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Principal, openSupportTicket } from '@app/contracts';
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
import { OpenSupportTicketCommand } from './open-support-ticket.command';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Help's "Contact us": the ticket id is the request's idempotency key when it is a UUID, so a retry opens no second ticket. */
@Controller()
export class OpenSupportTicketController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(openSupportTicket)
  async open(
    @ValidatedInput() { input }: CallInput<typeof openSupportTicket>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const user = requireUser(principal);
    const context = commandContext(request);
    const ticketId =
      context.idempotencyKey !== undefined && UUID.test(context.idempotencyKey)
        ? context.idempotencyKey
        : randomUUID();
    const appended = await this.commandBus.execute<OpenSupportTicketCommand, Appended>(
      new OpenSupportTicketCommand(
        {
          ticketId,
          userId: user.userId,
          topic: input.topic,
          message: input.message,
          fromPath: input.fromPath ?? null,
        },
        context,
      ),
    );
    return { ...acknowledge(response, appended), ticketId };
  }
}
