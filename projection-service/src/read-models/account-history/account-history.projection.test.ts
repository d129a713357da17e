import { type RecordedEvent, certificatesStreamId, userDataStreamId, userStreamId } from '@app/contracts';
import { type GivenEvent, recordedEvents } from '@app/server-kit';
import { ProjectionScenario } from '../../runtime/testing/projection-scenario';
import { projections } from '..';
import {
  PLATFORM_ACCOUNT,
  accountHistoryProjection as projection,
  accountsConcerned,
} from './account-history.projection';
import { historyQuery, toHistoryEvent, type HistoryRow } from './account-history.queries';

const ana = '00000000-0000-4000-8000-00000000000a';
const bo = '00000000-0000-4000-8000-00000000000b';
const staffMember = '00000000-0000-4000-8000-0000000000ff';

const certificateId = '00000000-0000-4000-8000-0000000000c1';

/**
 * Ana's life across her streams, Bo's registration in between, a staff member's grant to Ana, and
 * (with `wiped`) Ana's wipe at the end.
 */
function story(options: { wiped?: boolean } = {}): RecordedEvent[] {
  const given: GivenEvent[] = [
    { type: 'UserRegistered', streamId: userStreamId(ana), data: { userId: ana, provider: 'github' } },
    { type: 'UserRegistered', streamId: userStreamId(bo), data: { userId: bo, provider: 'google' } },
    {
      type: 'UserDataSet',
      streamId: userDataStreamId('algoexpert', ana),
      data: {
        userId: ana,
        product: 'algoexpert',
        data: { notes: { q1: 'my private note' } },
        deepMerge: true,
      },
    },
    {
      type: 'RoleGranted',
      streamId: userStreamId(ana),
      data: { userId: ana, role: 'premiumv1', reason: 'gift' },
    },
    {
      type: 'CertificateIssued',
      streamId: certificatesStreamId(ana),
      data: {
        certificateId,
        userId: ana,
        product: 'algoexpert',
        version: '1.0',
        issuedAt: '2026-11-22T00:01:00.000Z',
      },
    },
    ...(options.wiped
      ? [{ type: 'AccountWiped' as const, streamId: userStreamId(ana), data: { userId: ana } }]
      : []),
  ];
  const events = recordedEvents(given);
  // The grant was a staff member's action: it belongs to their log too.
  events[3] = {
    ...events[3],
    metadata: { ...events[3].metadata, actor: { kind: 'staff', id: staffMember } },
  };
  return events;
}

describe('accountsConcerned (pure)', () => {
  it('names the account of the data, any ...UserId, and the person who acted', () => {
    const [event] = recordedEvents([
      {
        type: 'PromoCodeCreated',
        streamId: 'promo-code-X',
        data: {
          code: 'X',
          percentOff: 10,
          amountOff: null,
          region: null,
          expiresAt: null,
          useLimit: null,
          ownerUserId: bo,
        },
      },
    ]);
    const acted = {
      ...event,
      metadata: { ...event.metadata, actor: { kind: 'staff' as const, id: staffMember } },
    };
    expect(accountsConcerned(acted).sort()).toEqual([bo, staffMember]);
    expect(
      accountsConcerned({
        ...event,
        metadata: { ...event.metadata, actor: { kind: 'staff', id: 'operator' } },
      }),
    ).toEqual([bo]);
  });
});

describe('the platform account (pure)', () => {
  it("holds what concerns no account, but not an anonymous visitor's telemetry", () => {
    const [published, telemetry] = recordedEvents([
      { type: 'UiVersionBoundsSet', data: { minSupported: '1.0.0', minRecommended: null } },
      { type: 'TelemetryEventRecorded', data: { eventType: 'UI runtime error' } },
    ]);
    expect(accountsConcerned(published)).toEqual([PLATFORM_ACCOUNT]);
    const anonymous = {
      ...telemetry,
      metadata: { ...telemetry.metadata, actor: { kind: 'anonymous' as const } },
    };
    expect(accountsConcerned(anonymous)).toEqual([]);
  });
});

describe('account-history read model', () => {
  let scenario: ProjectionScenario;
  beforeAll(async () => {
    scenario = await ProjectionScenario.start();
  });
  afterAll(() => scenario.stop());

  const page = async (userId: string, options: Parameters<typeof historyQuery>[1] = {}, limit = 100) => {
    const query = historyQuery(userId, options, undefined, limit);
    return (await scenario.pool.query<HistoryRow>(query.text, query.values)).rows.map(toHistoryEvent);
  };

  it('is listed with the projections the service runs', () => {
    expect(projections).toContain(projection);
  });

  it('given events on several streams, when projected, then each account lists its own in global order with metadata', async () => {
    const events = story();
    await scenario.given(projection, events, { batchSize: 2 });
    const history = await page(ana);
    expect(history.map((e) => [e.type, e.stream, e.revision])).toEqual([
      ['UserRegistered', userStreamId(ana), 0],
      ['UserDataSet', userDataStreamId('algoexpert', ana), 0],
      ['RoleGranted', userStreamId(ana), 1],
      ['CertificateIssued', certificatesStreamId(ana), 0],
    ]);
    expect(history[2]).toEqual({
      eventId: events[3].metadata.eventId,
      position: `${events[3].transactionId}.${events[3].position}`,
      type: 'RoleGranted',
      stream: userStreamId(ana),
      revision: 1,
      schemaVersion: 1,
      occurredAt: events[3].metadata.occurredAt,
      actor: { kind: 'staff', id: staffMember },
      correlationId: events[3].metadata.correlationId,
      causationId: events[3].metadata.causationId,
      data: { userId: ana, role: 'premiumv1', reason: 'gift' },
    });
    expect((await page(bo)).map((e) => e.type)).toEqual(['UserRegistered']);
    expect((await page(staffMember)).map((e) => e.eventId)).toEqual([events[3].metadata.eventId]);
  });

  it('filters by type and by stream beginning', async () => {
    await scenario.given(projection, story(), { batchSize: 3 });
    expect((await page(ana, { types: ['RoleGranted', 'CertificateIssued'] })).map((e) => e.type)).toEqual([
      'RoleGranted',
      'CertificateIssued',
    ]);
    expect((await page(ana, { streams: ['user-data-'] })).map((e) => e.type)).toEqual(['UserDataSet']);
  });

  it('a redelivered batch changes nothing', async () => {
    const events = story();
    const rows = await scenario.given(projection, events, { batchSize: 1 });
    await scenario.applyBatch(projection, events.slice(1, 4));
    expect(await scenario.rows(projection)).toEqual(rows);
  });

  it('after AccountWiped every copy of the account events keeps only ids; others keep their data', async () => {
    const events = story({ wiped: true });
    await scenario.given(projection, events, { batchSize: 2 });
    const history = await page(ana);
    expect(history.map((e) => [e.type, e.data])).toEqual([
      ['UserRegistered', { userId: ana }],
      ['UserDataSet', { userId: ana }],
      ['RoleGranted', { userId: ana }],
      ['CertificateIssued', { userId: ana, certificateId }],
      ['AccountWiped', { userId: ana }],
    ]);
    expect(JSON.stringify(await page(staffMember))).not.toContain('gift');
    expect((await page(bo))[0].data).toEqual({ userId: bo, provider: 'google' });
  });

  it('rebuilt in one batch equals the live run batch by batch', async () => {
    const events = story({ wiped: true });
    const live = await scenario.given(projection, events, { batchSize: 1 });
    expect(await scenario.given(projection, events, { batchSize: events.length })).toEqual(live);
  });
});
