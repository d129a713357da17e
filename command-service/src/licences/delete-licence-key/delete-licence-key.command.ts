import type { CommandContext } from '@app/server-kit';

/** delete_license_key: the holder withdraws a key. */
export class DeleteLicenceKeyCommand {
  constructor(
    readonly request: { holderId: string; code: string; now: Date },
    readonly context: CommandContext,
  ) {}
}
