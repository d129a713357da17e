import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, UI_VERSION_BOUNDS_STREAM } from '@app/contracts';
import type { Appended } from '@app/server-kit';
import { EventAppender } from '../../infrastructure/event-appender';
import { decideSetUiVersionBounds } from './decide-set-ui-version-bounds';
import { SetUiVersionBoundsCommand } from './set-ui-version-bounds.command';

/** Appends the bounds to their one stream, whatever it holds (no state to decide from). */
@CommandHandler(SetUiVersionBoundsCommand)
export class SetUiVersionBoundsHandler implements ICommandHandler<SetUiVersionBoundsCommand, Appended> {
  constructor(private readonly appender: EventAppender) {}

  execute(command: SetUiVersionBoundsCommand): Promise<Appended> {
    const decision = decideSetUiVersionBounds(command);
    if (decision instanceof DomainError) throw decision;
    return this.appender.append(UI_VERSION_BOUNDS_STREAM, decision, {
      actor: command.context.actor,
      correlationId: command.context.correlationId,
    });
  }
}
