import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, type Licence } from '@app/contracts';
import type { Appended } from '@app/server-kit';
import { LicenceLedger } from '../licence-ledger';
import { EditLicenceKeyCommand } from './edit-licence-key.command';
import { decideEditLicenceKey } from './decide-edit-licence-key';

export type EditedLicenceKey = { appended: Appended; license: Licence };

@CommandHandler(EditLicenceKeyCommand)
export class EditLicenceKeyHandler implements ICommandHandler<EditLicenceKeyCommand, EditedLicenceKey> {
  constructor(private readonly ledger: LicenceLedger) {}

  async execute(command: EditLicenceKeyCommand): Promise<EditedLicenceKey> {
    let license: Licence | undefined;
    const { appended } = await this.ledger.decide(
      command.request.holderId,
      (book) => {
        const events = decideEditLicenceKey(command, book);
        if (events instanceof DomainError) return events;
        const key = book.keys.find((k) => k.code === command.request.code)!;
        const edited = events[0]?.data ?? key;
        license = {
          code: key.code,
          name: edited.name,
          count: edited.count,
          allowedProducts: key.allowedProducts,
          product: key.product,
          isEnterprise: key.isEnterprise,
        };
        return { events };
      },
      command.context,
    );
    return { appended, license: license! };
  }
}
