import type { CommandContext } from '@app/server-kit';

/** edit_license_key: the holder renames a key or changes its maximum uses. */
export class EditLicenceKeyCommand {
  constructor(
    readonly request: { holderId: string; code: string; name?: string; count?: number; now: Date },
    readonly context: CommandContext,
  ) {}
}
