import type { CommandContext } from '@app/server-kit';

/** generate_certificate: the learner asks for the certificate of a product (`type`). */
export class GenerateCertificateCommand {
  constructor(
    readonly request: {
      userId: string;
      /** The product, as the learner named it; checked by the decision. */
      type: string;
      version: string;
      /** The id a new certificate gets (drawn by the caller, so deciding stays pure). */
      certificateId: string;
      now: Date;
    },
    readonly context: CommandContext,
  ) {}
}
