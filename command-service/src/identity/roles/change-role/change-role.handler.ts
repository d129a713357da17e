import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, type Role, userStreamId } from '@app/contracts';
import type { Appended } from '@app/server-kit';
import { EventAppender } from '../../../infrastructure/event-appender';
import { lockUser, setRoles } from '../../identity.repository';
import { ChangeRoleCommand } from './change-role.command';
import { decideChangeRole } from './decide-change-role';

export type RoleChanged = { appended: Appended; roles: Role[] };

/**
 * Locks the account's row (concurrent grants and revokes serialise), decides, and stores the roles
 * (what authentication reads) with the events in one transaction; a change that changes nothing
 * appends nothing and answers the store's head.
 */
@CommandHandler(ChangeRoleCommand)
export class ChangeRoleHandler implements ICommandHandler<ChangeRoleCommand, RoleChanged> {
  constructor(private readonly appender: EventAppender) {}

  async execute(command: ChangeRoleCommand): Promise<RoleChanged> {
    const { userId } = command.request;
    const result = await this.appender.transaction(async (tx) => {
      const decision = decideChangeRole(command, await lockUser(tx.client, userId));
      if (decision instanceof DomainError) throw decision;
      if (decision.events.length === 0) return { roles: decision.roles, appended: undefined };
      await setRoles(tx.client, userId, decision.roles);
      const appended = await tx.append(userStreamId(userId), decision.events, {
        actor: command.context.actor,
        correlationId: command.context.correlationId,
      });
      return { roles: decision.roles, appended };
    });
    return { appended: await this.appender.appendedOrHead(result.appended), roles: result.roles };
  }
}
