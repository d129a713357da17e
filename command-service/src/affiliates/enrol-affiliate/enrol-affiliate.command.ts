import type { enrolAffiliate } from '@app/contracts';
import type { CallInput, CommandContext } from '@app/server-kit';

/** Staff enrol an affiliate; the handler gives the new affiliate its id. */
export class EnrolAffiliateCommand {
  constructor(
    readonly request: CallInput<typeof enrolAffiliate>['input'],
    readonly context: CommandContext,
  ) {}
}
