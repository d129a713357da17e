import type { assignPartnerGroup } from '@app/contracts';
import type { CallInput, CommandContext } from '@app/server-kit';

/** Staff give a partner its group of affiliate codes. */
export class AssignPartnerGroupCommand {
  constructor(
    readonly request: CallInput<typeof assignPartnerGroup>['input'],
    readonly context: CommandContext,
  ) {}
}
