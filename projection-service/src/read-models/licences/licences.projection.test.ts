import { licenceStreamId } from '@app/contracts';
import type { GivenEvent } from '@app/server-kit';
import { ProjectionScenario } from '../../runtime/testing/projection-scenario';
import { licencesProjection as projection } from './licences.projection';

/* A holder's licence facts are all on their licence stream, so every feed delivers them in order. */

const holder = '00000000-0000-4000-8000-0000000000a1';
const other = '00000000-0000-4000-8000-0000000000b2';
const learner = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const expiresAt = '2027-11-21T10:00:00.000Z';

const seats = (
  holderId: string,
  n: number,
  products: ('algoexpert' | 'mlexpert')[] = ['algoexpert'],
): GivenEvent => ({
  streamId: licenceStreamId(holderId),
  type: 'LicenceSeatsAdded',
  data: { holderId, purchaseId: `cs_${n}`, products, seats: n, isEnterprise: false, expiresAt },
});
const key = (holderId: string, code: string, count: number): GivenEvent => ({
  streamId: licenceStreamId(holderId),
  type: 'LicenceKeyCreated',
  data: {
    holderId,
    code,
    name: `Key ${code}`,
    count,
    product: 'algoexpert',
    allowedProducts: ['algoexpert'],
    isEnterprise: false,
  },
});
const applied = (holderId: string, code: string, userId: string, at: string): GivenEvent => ({
  streamId: licenceStreamId(holderId),
  type: 'LicenceKeyApplied',
  occurredAt: at,
  data: { holderId, code, userId, products: ['algoexpert'], expiresAt },
});
const edited = (holderId: string, code: string, count: number): GivenEvent => ({
  streamId: licenceStreamId(holderId),
  type: 'LicenceKeyEdited',
  data: { holderId, code, name: 'Renamed', count },
});
const deleted = (holderId: string, code: string): GivenEvent => ({
  streamId: licenceStreamId(holderId),
  type: 'LicenceKeyDeleted',
  data: { holderId, code },
});

type BookRow = {
  holder_id: string;
  book: {
    seats: Record<string, { total: number; unused: number }>;
    keys: { code: string; count: number; name: string; redemptions: { userId: string }[] }[];
    retiredRedemptions: Record<string, number>;
  };
};

describe('licences read model', () => {
  let scenario: ProjectionScenario;
  beforeAll(async () => {
    scenario = await ProjectionScenario.start();
  });
  afterAll(async () => {
    await scenario.stop();
  });

  it('given seats, keys, redemptions, an edit and a delete, when projected in one batch or one by one, then unused counts follow the licence rule and keys are newest first', async () => {
    const events = [
      seats(holder, 5, ['algoexpert', 'mlexpert']),
      key(holder, 'A', 2),
      key(holder, 'B', 2),
      applied(holder, 'A', learner(1), '2026-11-20T10:00:00.000Z'),
      applied(holder, 'A', learner(2), '2026-11-20T10:01:00.000Z'),
      edited(holder, 'B', 3),
      seats(other, 1),
      deleted(holder, 'A'),
    ];
    for (const batchSize of [1, events.length]) {
      const rows = await scenario.given(projection, events, { batchSize });
      const books = rows.rm_licence_books as BookRow[];
      const mine = books.find((r) => r.holder_id === holder)!.book;
      // 5 seats - key B (3) - the 2 redemptions of deleted key A.
      expect(mine.seats.algoexpert).toMatchObject({ total: 5, unused: 0 });
      expect(mine.seats.mlexpert).toMatchObject({ total: 5, unused: 5 });
      expect(mine.keys.map((k) => [k.code, k.name, k.count])).toEqual([['B', 'Renamed', 3]]);
      expect(mine.retiredRedemptions).toEqual({ algoexpert: 2 });
      expect(books.find((r) => r.holder_id === other)!.book.seats.algoexpert).toMatchObject({ unused: 1 });
      expect(rows.rm_licence_key_holders).toEqual([
        { code: 'A', holder_id: holder },
        { code: 'B', holder_id: holder },
      ]);
    }
  });

  it("given the same events, the analysts' licence_seats view shows each holder's seats per product: bought, in no key, in keys, redeemed", async () => {
    await scenario.given(projection, [
      seats(holder, 5, ['algoexpert', 'mlexpert']),
      key(holder, 'A', 2),
      key(holder, 'B', 2),
      applied(holder, 'A', learner(1), '2026-11-20T10:00:00.000Z'),
      applied(holder, 'A', learner(2), '2026-11-20T10:01:00.000Z'),
      applied(holder, 'B', learner(3), '2026-11-20T10:02:00.000Z'),
      edited(holder, 'B', 3),
      seats(other, 1),
      deleted(holder, 'A'),
    ]);
    const rows = await scenario.asAnalyst(
      `SELECT holder_id, product, seats_bought, seats_in_no_key, seats_in_keys, seats_redeemed, expires_at
         FROM analytics.licence_seats ORDER BY holder_id, product`,
    );
    expect(rows).toEqual([
      // Key B holds 3 seats (1 redeemed); deleted key A's 2 redemptions stay used.
      {
        holder_id: holder,
        product: 'algoexpert',
        seats_bought: 5,
        seats_in_no_key: 0,
        seats_in_keys: 3,
        seats_redeemed: 3,
        expires_at: new Date(expiresAt),
      },
      {
        holder_id: holder,
        product: 'mlexpert',
        seats_bought: 5,
        seats_in_no_key: 5,
        seats_in_keys: 0,
        seats_redeemed: 0,
        expires_at: new Date(expiresAt),
      },
      {
        holder_id: other,
        product: 'algoexpert',
        seats_bought: 1,
        seats_in_no_key: 1,
        seats_in_keys: 0,
        seats_redeemed: 0,
        expires_at: new Date(expiresAt),
      },
    ]);
  });

  it('a rebuild gives the same rows as the live run', async () => {
    const events = [
      seats(holder, 10),
      key(holder, 'K', 10),
      ...Array.from({ length: 10 }, (_, i) =>
        applied(holder, 'K', learner(i + 10), `2026-11-20T10:0${i}:00.000Z`),
      ),
      seats(other, 4),
      key(other, 'L', 3),
      edited(other, 'L', 4),
      deleted(other, 'L'),
      seats(holder, 2),
    ];
    for (const liveBatchSize of [1, 4]) {
      const rows = await scenario.rebuildEqualsLive(projection, events, liveBatchSize);
      const books = rows.rm_licence_books as BookRow[];
      const mine = books.find((r) => r.holder_id === holder)!.book;
      expect(mine.seats.algoexpert).toMatchObject({ total: 12, unused: 2 });
      expect(mine.keys[0]!.redemptions).toHaveLength(10);
      expect(books.find((r) => r.holder_id === other)!.book.seats.algoexpert).toMatchObject({ unused: 4 });
    }
  });
});
