import { createHash } from 'node:crypto';
import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Pool } from 'pg';
import {
  DomainError,
  type Offering,
  type OfferingsReply,
  PAYMENT_TOKEN_PREFIX,
  type PriceList,
  type Principal,
  type PromoCodeTerms,
  activeHoliday,
  checkPromoCode,
  explodingOfferEndsAt,
  getOfferings,
  getPlatformOfferings,
  getTripleOfferings,
  listLicenseOfferings,
  listOfferingKeys,
  normalizePromoCode,
  priceListSchema,
  priceLicence,
  priceOffering,
  pricingRegion,
} from '@app/contracts';
import {
  type CallInput,
  ContractRoute,
  CurrentPrincipal,
  PG_POOL,
  ValidatedInput,
  type HttpRequest,
  type HttpResponse,
} from '@app/server-kit';
import { ReadYourWrites } from '../../infrastructure/read-your-writes';
import { type PromoCodeRow, offeringsProjection, promoCodeStateOf } from './offerings.projection';

type OfferingsInput = CallInput<typeof getOfferings>['input'];
type Listing = 'all' | 'platform' | 'triple';

/**
 * `pt1.<priceVersion>.<region>.<digest>`: the digest is a SHA-256 prefix of the `key=amount` lines
 * of the prices shown, in key order (see PAYMENT_TOKEN_PREFIX in the contracts).
 */
export function paymentTokenOf(
  priceVersion: number,
  region: string,
  amounts: Record<string, number>,
): string {
  const lines = Object.keys(amounts)
    .sort()
    .map((key) => `${key}=${amounts[key]}`)
    .join('\n');
  const digest = createHash('sha256').update(lines).digest('base64url').slice(0, 22);
  return `${PAYMENT_TOKEN_PREFIX}.${priceVersion}.${region}.${digest}`;
}

/**
 * The offerings calls: every offering of the listing priced for the caller (region, owned products,
 * student role, first visit) with the latest published price list and the promo code asked for.
 */
@Controller()
export class OfferingsController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  @ContractRoute(getOfferings)
  all(
    @ValidatedInput() { input }: CallInput<typeof getOfferings>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    return this.answer('all', input, principal, request, response);
  }

  @ContractRoute(getPlatformOfferings)
  platform(
    @ValidatedInput() { input }: CallInput<typeof getPlatformOfferings>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    return this.answer('platform', input, principal, request, response);
  }

  @ContractRoute(getTripleOfferings)
  triple(
    @ValidatedInput() { input }: CallInput<typeof getTripleOfferings>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    return this.answer('triple', input, principal, request, response);
  }

  /**
   * Team-licence prices: one seat of each single product and of all access, keyed by product. The
   * seat discount of the list shows as `bundle` (the team's volume discount); a promo code as `promo`.
   */
  @ContractRoute(listLicenseOfferings)
  async licences(
    @ValidatedInput() { input }: CallInput<typeof listLicenseOfferings>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ): Promise<OfferingsReply> {
    await this.readYourWrites.ensure(request, response, [offeringsProjection.name]);
    const user = principal.kind === 'user' ? principal : null;
    const priceList = await this.priceList();
    const region = pricingRegion(priceList, user?.region);
    let promo: PromoCodeTerms | null = null;
    let promoCodeError: OfferingsReply['promoCodeError'] = null;
    if (input.promocode) {
      const checked = checkPromoCode(await this.promoCode(input.promocode), {
        userId: user?.userId ?? null,
        region,
        now: new Date(),
      });
      if ('terms' in checked) promo = checked.terms;
      else promoCodeError = checked.refusal;
    }
    const offerings: Record<string, Offering> = {};
    const amounts: Record<string, number> = {};
    for (const product of [...priceList.singles, 'allaccess' as const]) {
      const priced = priceLicence({ priceList, region, products: [product], seats: 1, promo });
      if (!priced) continue;
      const prices = priceList.regions[region]!.products;
      const parts = product === 'allaccess' ? [] : [product];
      offerings[product] = {
        products: product === 'allaccess' ? [...priceList.singles] : [product],
        priceShares: parts.map((p) => ({ product: p, basePrice: prices[p]!, sharePercent: 100 })),
        discounts: {
          holiday: { amount: 0 },
          loyalty: { amount: 0 },
          student: { amount: 0 },
          bundle: { amount: priced.listPerSeat - priced.perSeat },
          exploding: { amount: 0 },
          proration: { amount: 0 },
          promo: { amount: priced.promoDiscount },
        },
        basePrice: priced.listPerSeat,
        amountPer: priced.total,
      };
      amounts[product] = priced.total;
    }
    return {
      status: 'succeeded',
      marketingChannel: input.affiliateCode ? 'affiliate' : input.promocode ? 'promocode' : null,
      priceRegion: region,
      paymentToken: paymentTokenOf(priceList.version, region, amounts),
      offerings,
      currency: priceList.regions[region]!.currency,
      priceVersion: priceList.version,
      promoCodeError,
      promotion: null,
    };
  }

  private async answer(
    listing: Listing,
    input: OfferingsInput,
    principal: Principal,
    request: HttpRequest,
    response: HttpResponse,
  ): Promise<OfferingsReply> {
    await this.readYourWrites.ensure(request, response, [offeringsProjection.name]);
    const now = new Date();
    const user = principal.kind === 'user' ? principal : null;
    const [priceList, firstSeenAt] = await Promise.all([this.priceList(), this.firstSeenAt(user)]);
    const region = pricingRegion(priceList, user?.region);
    let promo: PromoCodeTerms | null = null;
    let promoCodeError: OfferingsReply['promoCodeError'] = null;
    if (input.promocode) {
      const checked = checkPromoCode(await this.promoCode(input.promocode), {
        userId: user?.userId ?? null,
        region,
        now,
      });
      if ('terms' in checked) promo = checked.terms;
      else promoCodeError = checked.refusal;
    }
    const buyer = {
      ownedProducts: user?.products ?? [],
      isStudent: user?.roles.includes('student') ?? false,
      firstSeenAt,
    };
    const offerings: Record<string, Offering> = {};
    const amounts: Record<string, number> = {};
    for (const key of listOfferingKeys(priceList, listing)) {
      const priced = priceOffering({ priceList, offering: key, region, buyer, promo, now });
      if (!priced) continue;
      offerings[key] = priced.offering;
      amounts[key] = priced.total;
    }
    const holiday = activeHoliday(priceList, now);
    const explodingEnds = explodingOfferEndsAt(priceList, firstSeenAt, now);
    const exploding = priceList.discounts.exploding;
    const promotion =
      holiday && holiday.percent >= (explodingEnds ? exploding.percent : 0)
        ? { kind: 'holiday' as const, name: holiday.name, percent: holiday.percent, endsAt: holiday.endsAt }
        : explodingEnds
          ? {
              kind: 'exploding' as const,
              name: `New account offer: ${exploding.percent}% off`,
              percent: exploding.percent,
              endsAt: explodingEnds.toISOString(),
            }
          : null;
    return {
      status: 'succeeded',
      marketingChannel: input.affiliateCode ? 'affiliate' : input.promocode ? 'promocode' : null,
      priceRegion: region,
      paymentToken: paymentTokenOf(priceList.version, region, amounts),
      offerings,
      currency: priceList.regions[region]!.currency,
      regions: Object.entries(priceList.regions)
        .map(([code, { currency }]) => ({ code, currency }))
        .sort((a, b) => a.code.localeCompare(b.code)),
      priceVersion: priceList.version,
      promoCodeError,
      promotion,
    };
  }

  /** Published lists never change (a change is a new version), so each version is parsed once. */
  private readonly lists = new Map<number, PriceList>();

  private async priceList(): Promise<PriceList> {
    const latest = await this.pool.query<{ version: number }>(
      'SELECT version FROM offerings_price_lists ORDER BY version DESC LIMIT 1',
    );
    const version = latest.rows[0]?.version;
    if (version === undefined)
      throw new DomainError('SERVICE_UNAVAILABLE', 'No price list is published yet; try again shortly.');
    const cached = this.lists.get(version);
    if (cached) return cached;
    const { rows } = await this.pool.query<{ list: unknown }>(
      'SELECT list FROM offerings_price_lists WHERE version = $1',
      [version],
    );
    const list = priceListSchema.parse(rows[0]!.list);
    this.lists.set(version, list);
    return list;
  }

  /**
   * When the buyer was first seen: the read model's registration, or, for an account registered so
   * recently that the read model has not caught up, the session's own (the command side prices with
   * the same registration time, so a brand-new account sees its offer at once and can buy at it).
   */
  private async firstSeenAt(user: { userId: string; registeredAt?: string } | null): Promise<Date | null> {
    if (!user) return null;
    const { rows } = await this.pool.query<{ first_seen_at: Date }>(
      'SELECT first_seen_at FROM offerings_buyers WHERE user_id = $1',
      [user.userId],
    );
    return rows[0]?.first_seen_at ?? (user.registeredAt ? new Date(user.registeredAt) : null);
  }

  private async promoCode(code: string) {
    const { rows } = await this.pool.query<PromoCodeRow>(
      'SELECT * FROM offerings_promo_codes WHERE code = $1',
      [normalizePromoCode(code)],
    );
    return rows[0] ? promoCodeStateOf(rows[0]) : null;
  }
}
