import type { EventDataMap } from '@app/contracts';
import type { CommandContext } from '@app/server-kit';

/** Staff move the web build bounds (the oldest supported and the oldest recommended build). */
export class SetUiVersionBoundsCommand {
  constructor(
    readonly request: EventDataMap['UiVersionBoundsSet'],
    readonly context: CommandContext,
  ) {}
}
