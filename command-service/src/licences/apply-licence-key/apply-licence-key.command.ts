import type { CommandContext } from '@app/server-kit';

/** apply_license_key: a learner redeems a key and owns its products until the licence year ends. */
export class ApplyLicenceKeyCommand {
  constructor(
    readonly request: { userId: string; code: string; now: Date },
    readonly context: CommandContext,
  ) {}
}
