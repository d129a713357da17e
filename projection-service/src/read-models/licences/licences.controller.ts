import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Pool } from 'pg';
import {
  DomainError,
  type Licence,
  type LicenceBook,
  type LicenceState,
  type Principal,
  getLicenseReport,
  getLicenseState,
  licenceSeatSummary,
  normalizeLicenceKeyCode,
} from '@app/contracts';
import {
  type CallInput,
  ContractRoute,
  CurrentPrincipal,
  PG_POOL,
  ValidatedInput,
  requireUser,
  type HttpRequest,
  type HttpResponse,
} from '@app/server-kit';
import { ReadYourWrites } from '../../infrastructure/read-your-writes';
import { licencesProjection } from './licences.projection';

const licenceOf = (key: LicenceBook['keys'][number]): Licence => ({
  code: key.code,
  name: key.name,
  count: key.count,
  allowedProducts: key.allowedProducts,
  product: key.product,
  isEnterprise: key.isEnterprise,
});

/** The licence store of the caller (spec 3) and the redemption report of one of their keys. */
@Controller()
export class LicencesController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  @ContractRoute(getLicenseState)
  async state(
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ): Promise<LicenceState> {
    const user = requireUser(principal);
    await this.readYourWrites.ensure(request, response, [licencesProjection.name]);
    const book = await this.book(user.userId);
    const usernames = await this.usernames(book.keys.flatMap((k) => k.redemptions.map((r) => r.userId)));
    const licenseKeys: LicenceState['licenseKeys'] = {};
    for (const key of book.keys) (licenseKeys[key.product] ??= []).push(licenceOf(key));
    return {
      keyApplications: Object.fromEntries(
        book.keys.map((key) => [
          key.code,
          key.redemptions.map((r) => ({
            keyCode: key.code,
            userId: r.userId,
            username: usernames.get(r.userId) ?? null,
            appliedAt: r.appliedAt,
          })),
        ]),
      ),
      licenseKeys,
      unusedLicenses: Object.fromEntries(Object.entries(book.seats).map(([p, seats]) => [p, seats.unused])),
      seats: licenceSeatSummary(book),
    };
  }

  @ContractRoute(getLicenseReport)
  async report(
    @ValidatedInput() { input }: CallInput<typeof getLicenseReport>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const user = requireUser(principal);
    await this.readYourWrites.ensure(request, response, [licencesProjection.name]);
    const code = normalizeLicenceKeyCode(input.keyCode);
    const key = (await this.book(user.userId)).keys.find((k) => k.code === code);
    // Another holder's key is as unknown to the caller as one that never existed.
    if (!key) throw new DomainError('LICENCE_KEY_UNKNOWN', `You have no licence key "${code}".`);
    const usernames = await this.usernames(key.redemptions.map((r) => r.userId));
    const byProduct = Object.fromEntries(key.allowedProducts.map((p) => [p, key.redemptions.length]));
    return {
      stats: {
        keyCode: key.code,
        name: key.name,
        product: key.product,
        maxUses: key.count,
        redeemed: key.redemptions.length,
        remaining: key.count - key.redemptions.length,
        byProduct,
        redemptions: key.redemptions.map((r) => ({
          userId: r.userId,
          username: usernames.get(r.userId) ?? null,
          appliedAt: r.appliedAt,
          products: key.allowedProducts,
        })),
      },
    };
  }

  private async book(holderId: string): Promise<LicenceBook> {
    const { rows } = await this.pool.query<{ book: LicenceBook }>(
      'SELECT book FROM rm_licence_books WHERE holder_id = $1',
      [holderId],
    );
    return rows[0]?.book ?? { seats: {}, keys: [], retiredRedemptions: {} };
  }

  /** Usernames of the learners who redeemed (a wipe erases them: null then). */
  private async usernames(userIds: readonly string[]): Promise<Map<string, string>> {
    if (userIds.length === 0) return new Map();
    const { rows } = await this.pool.query<{ user_id: string; username: string | null }>(
      'SELECT user_id, username FROM identity_profiles WHERE user_id = ANY($1::uuid[])',
      [[...new Set(userIds)]],
    );
    return new Map(rows.flatMap((r) => (r.username ? [[r.user_id, r.username] as const] : [])));
  }
}
