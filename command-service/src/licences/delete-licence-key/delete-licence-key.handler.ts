import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '@app/contracts';
import type { Appended } from '@app/server-kit';
import { LicenceLedger } from '../licence-ledger';
import { DeleteLicenceKeyCommand } from './delete-licence-key.command';
import { decideDeleteLicenceKey } from './decide-delete-licence-key';

@CommandHandler(DeleteLicenceKeyCommand)
export class DeleteLicenceKeyHandler implements ICommandHandler<DeleteLicenceKeyCommand, Appended> {
  constructor(private readonly ledger: LicenceLedger) {}

  async execute(command: DeleteLicenceKeyCommand): Promise<Appended> {
    const { appended } = await this.ledger.decide(
      command.request.holderId,
      (book) => {
        const events = decideDeleteLicenceKey(command, book);
        return events instanceof DomainError ? events : { events };
      },
      command.context,
    );
    return appended;
  }
}
