import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import { DomainError, type LicensedProduct } from '@app/contracts';
import { type Appended, PG_POOL } from '@app/server-kit';
import { LicenceLedger } from '../licence-ledger';
import { grantLicence, holderOfKey } from '../licences.repository';
import { ApplyLicenceKeyCommand } from './apply-licence-key.command';
import { decideApplyLicenceKey } from './decide-apply-licence-key';

export type AppliedLicenceKey = { appended: Appended; products: LicensedProduct[] };

/**
 * Finds the key's holder, then decides on the holder's licence stream: the redemption and the
 * learner's grant are stored in one transaction, decided again when another redemption got in first.
 */
@CommandHandler(ApplyLicenceKeyCommand)
export class ApplyLicenceKeyHandler implements ICommandHandler<ApplyLicenceKeyCommand, AppliedLicenceKey> {
  constructor(
    private readonly ledger: LicenceLedger,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  async execute(command: ApplyLicenceKeyCommand): Promise<AppliedLicenceKey> {
    const { code, userId } = command.request;
    const holderId = await holderOfKey(this.pool, code);
    if (!holderId) throw new DomainError('LICENCE_KEY_UNKNOWN', `There is no licence key "${code}".`);
    let products: LicensedProduct[] = [];
    const { appended } = await this.ledger.decide(
      holderId,
      (book) => {
        const events = decideApplyLicenceKey(command, holderId, book);
        if (events instanceof DomainError) return events;
        const applied = events[0]!.data;
        products = applied.products;
        return {
          events,
          store: (tx) =>
            grantLicence(tx.client, {
              userId,
              code,
              holderId,
              products: applied.products,
              expiresAt: applied.expiresAt,
            }),
        };
      },
      command.context,
    );
    return { appended, products };
  }
}
