import type { CommandContext } from '@app/server-kit';

/** Staff publish the content folder the deployment ships again. */
export class PublishContentCommand {
  constructor(readonly context: CommandContext) {}
}
