import type { PromoCodeState } from '@app/contracts';
import { defineProjection } from '../../runtime/projection';

export type PromoCodeRow = {
  code: string;
  percent_off: number | null;
  amount_off: number | null;
  region: string | null;
  expires_at: string | null;
  use_limit: number | null;
  owner_user_id: string | null;
  expired: boolean;
  uses: number;
};

export const promoCodeStateOf = (row: PromoCodeRow): PromoCodeState => ({
  code: row.code,
  percentOff: row.percent_off,
  amountOff: row.amount_off === null ? null : Number(row.amount_off),
  region: row.region,
  expiresAt: row.expires_at === null ? null : new Date(row.expires_at).toISOString(),
  useLimit: row.use_limit,
  ownerUserId: row.owner_user_id,
  expired: row.expired,
  uses: row.uses,
});

/**
 * Price list versions, promo codes and when each buyer was first seen. A batch folds its promo codes'
 * rows in memory and writes each table in one statement, so replays land on the same rows.
 */
export const offeringsProjection = defineProjection({
  name: 'offerings',
  eventTypes: [
    'PriceListPublished',
    'PromoCodeCreated',
    'PromoCodeExpired',
    'PromoCodeRedeemed',
    'UserRegistered',
    'AccountWiped',
  ],
  tables: ['offerings_price_lists', 'offerings_promo_codes', 'offerings_buyers'],
  async apply(events, tx) {
    const lists: { version: number; list: unknown; published_at: string }[] = [];
    const codes = new Set<string>();
    const registered = new Map<string, string>();
    const wiped = new Set<string>();
    for (const event of events) {
      switch (event.type) {
        case 'PriceListPublished':
          lists.push({
            version: event.data.version,
            list: event.data.list,
            published_at: event.metadata.occurredAt,
          });
          break;
        case 'PromoCodeCreated':
        case 'PromoCodeExpired':
        case 'PromoCodeRedeemed':
          codes.add(event.data.code);
          break;
        case 'UserRegistered':
          if (!registered.has(event.data.userId))
            registered.set(event.data.userId, event.metadata.occurredAt);
          break;
        case 'AccountWiped':
          wiped.add(event.data.userId);
          break;
      }
    }
    if (lists.length > 0) {
      await tx.query(
        `INSERT INTO offerings_price_lists
         SELECT * FROM jsonb_populate_recordset(NULL::offerings_price_lists, $1::jsonb) ON CONFLICT (version) DO NOTHING`,
        [JSON.stringify(lists)],
      );
    }
    if (codes.size > 0) {
      const { rows } = await tx.query<PromoCodeRow>(
        'SELECT * FROM offerings_promo_codes WHERE code = ANY($1)',
        [[...codes]],
      );
      const state = new Map(rows.map((r) => [r.code, promoCodeStateOf(r)]));
      for (const event of events) {
        switch (event.type) {
          case 'PromoCodeCreated':
            if (!state.has(event.data.code))
              state.set(event.data.code, { ...event.data, expired: false, uses: 0 });
            break;
          case 'PromoCodeExpired': {
            const code = state.get(event.data.code);
            if (code) state.set(code.code, { ...code, expired: true });
            break;
          }
          case 'PromoCodeRedeemed': {
            const code = state.get(event.data.code);
            if (code) state.set(code.code, { ...code, uses: code.uses + 1 });
            break;
          }
          default:
            break;
        }
      }
      const out: PromoCodeRow[] = [...state.values()].map((s) => ({
        code: s.code,
        percent_off: s.percentOff,
        amount_off: s.amountOff,
        region: s.region,
        expires_at: s.expiresAt,
        use_limit: s.useLimit,
        owner_user_id: s.ownerUserId,
        expired: s.expired,
        uses: s.uses,
      }));
      await tx.query('DELETE FROM offerings_promo_codes WHERE code = ANY($1)', [[...codes]]);
      if (out.length > 0) {
        await tx.query(
          'INSERT INTO offerings_promo_codes SELECT * FROM jsonb_populate_recordset(NULL::offerings_promo_codes, $1::jsonb)',
          [JSON.stringify(out)],
        );
      }
    }
    const buyers = [...registered].filter(([userId]) => !wiped.has(userId));
    if (buyers.length > 0) {
      await tx.query(
        `INSERT INTO offerings_buyers
         SELECT * FROM jsonb_populate_recordset(NULL::offerings_buyers, $1::jsonb) ON CONFLICT (user_id) DO NOTHING`,
        [JSON.stringify(buyers.map(([user_id, first_seen_at]) => ({ user_id, first_seen_at })))],
      );
    }
    if (wiped.size > 0) {
      await tx.query('DELETE FROM offerings_buyers WHERE user_id = ANY($1::uuid[])', [[...wiped]]);
    }
  },
});
