import type { CommandContext } from '@app/server-kit';

/** A machine of the signed-in account asks for (or renews, or forces) the single-screen lease. */
export class AcquireScreenLeaseCommand {
  constructor(
    readonly request: {
      userId: string;
      /** Whose lease the request is for, as the client named it: the signed-in account's own. */
      subject: string;
      machineUuid: string;
      force: boolean;
      ttlSeconds: number;
    },
    readonly context: CommandContext,
  ) {}
}
