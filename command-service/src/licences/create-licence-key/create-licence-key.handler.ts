import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, type Licence } from '@app/contracts';
import type { Appended } from '@app/server-kit';
import { LicenceLedger } from '../licence-ledger';
import { recordKeyCode } from '../licences.repository';
import { CreateLicenceKeyCommand } from './create-licence-key.command';
import { decideCreateLicenceKey } from './decide-create-licence-key';

export type CreatedLicenceKey = { appended: Appended; license: Licence };

@CommandHandler(CreateLicenceKeyCommand)
export class CreateLicenceKeyHandler implements ICommandHandler<CreateLicenceKeyCommand, CreatedLicenceKey> {
  constructor(private readonly ledger: LicenceLedger) {}

  async execute(command: CreateLicenceKeyCommand): Promise<CreatedLicenceKey> {
    const { holderId, code } = command.request;
    let license: Licence | undefined;
    const { appended } = await this.ledger.decide(
      holderId,
      (book) => {
        const events = decideCreateLicenceKey(command, book);
        if (events instanceof DomainError) return events;
        const d = events[0]!.data;
        license = {
          code: d.code,
          name: d.name,
          count: d.count,
          allowedProducts: d.allowedProducts,
          product: d.product,
          isEnterprise: d.isEnterprise,
        };
        return {
          events,
          store: async (tx) => {
            // 80 random bits: a taken code is next to impossible, and then nothing is appended.
            if (!(await recordKeyCode(tx.client, code, holderId))) {
              throw new DomainError('LICENCE_NOT_ENOUGH_SEATS', 'The key code drawn is taken; try again.');
            }
          },
        };
      },
      command.context,
    );
    return { appended, license: license! };
  }
}
