import { certificatesStreamId } from '@app/contracts';
import type { GivenEvent } from '@app/server-kit';
import { ProjectionScenario } from '../../runtime/testing/projection-scenario';
import { accountWiped } from '../../runtime/testing/given-events';
import { certificatesProjection as projection } from './certificates.projection';

/*
 * The certificates read model, applied batch by batch in PostgreSQL, in the orders the Kafka feed can
 * deliver: a wipe (the user's stream) may arrive before a certificate issued earlier (its own stream).
 */

const ana = '00000000-0000-4000-8000-00000000000a';
const bo = '00000000-0000-4000-8000-00000000000b';
const cy = '00000000-0000-4000-8000-00000000000c';

let certificates = 0;
/** A certificate id that sorts in the order certificates are made. */
const nextCertificateId = () => `00000000-0000-4000-9000-${String(++certificates).padStart(12, '0')}`;

const issued = (
  userId: string,
  options: { certificateId?: string; product?: 'algoexpert' | 'frontendexpert'; version?: string } = {},
): GivenEvent => ({
  type: 'CertificateIssued',
  streamId: certificatesStreamId(userId),
  data: {
    certificateId: options.certificateId ?? nextCertificateId(),
    userId,
    product: options.product ?? 'algoexpert',
    version: options.version ?? '1.0',
    issuedAt: '2026-11-22T10:00:00.000Z',
  },
});
const row = (event: GivenEvent) => {
  if (event.type !== 'CertificateIssued') throw new Error(`not a certificate: ${event.type}`);
  const { certificateId, userId, product, version, issuedAt } = event.data;
  return { certificate_id: certificateId, user_id: userId, product, version, issued_at: new Date(issuedAt) };
};

describe('certificates read model', () => {
  let scenario: ProjectionScenario;
  beforeAll(async () => {
    scenario = await ProjectionScenario.start();
  });
  afterAll(async () => {
    await scenario.stop();
  });

  it('given certificates issued to learners, when projected, then each is a row as issued', async () => {
    const first = issued(ana);
    const second = issued(ana, { product: 'frontendexpert', version: '1.1' });
    const third = issued(bo);
    const rows = await scenario.given(projection, [first, second, third]);
    expect(rows).toEqual({
      rm_certificates: [row(first), row(second), row(third)],
      rm_certificates_wiped_users: [],
    });
  });

  it('given a certificate delivered again, in another batch or the same one, when projected, then it is kept once', async () => {
    const certificate = scenario.events([issued(ana)]);
    await scenario.given(projection, certificate);
    await scenario.applyBatch(projection, certificate);
    await scenario.applyBatch(projection, [...certificate, ...certificate]);
    const rows = await scenario.rows(projection);
    expect(rows.rm_certificates).toHaveLength(1);
    expect(rows.rm_certificates[0]).toMatchObject({ user_id: ana, product: 'algoexpert' });
  });

  it('given a wipe in order and a wipe delivered before certificates issued earlier (Kafka), when projected, then the wiped learners have no certificates, in the same batch or a later one', async () => {
    const kept = issued(cy);
    await scenario.given(projection, [issued(ana), kept, accountWiped(ana)], { batchSize: 3 });
    // The wipe delivered first, then certificates issued before it: in the same batch and in a later one.
    await scenario.applyBatch(projection, scenario.events([accountWiped(bo), issued(bo)]));
    await scenario.applyBatch(projection, scenario.events([issued(bo)]));
    await scenario.applyBatch(projection, scenario.events([issued(ana, { version: '2.0' })]));
    expect(await scenario.rows(projection)).toEqual({
      rm_certificates: [row(kept)],
      rm_certificates_wiped_users: [{ user_id: ana }, { user_id: bo }],
    });
  });

  it('a rebuild gives the same rows as the live run', async () => {
    const events = [
      issued(ana),
      issued(bo),
      issued(ana, { product: 'frontendexpert' }),
      issued(cy),
      issued(bo, { version: '1.1' }),
      accountWiped(bo),
      issued(bo, { version: '2.0' }),
      issued(ana, { version: '1.1' }),
      accountWiped(cy),
      issued(cy, { version: '1.1' }),
      issued(ana, { product: 'frontendexpert', version: '2.0' }),
    ];
    for (const liveBatchSize of [1, 3]) {
      const rows = await scenario.rebuildEqualsLive(projection, events, liveBatchSize);
      expect(rows.rm_certificates.map((r) => [r.user_id, r.product, r.version])).toEqual([
        [ana, 'algoexpert', '1.0'],
        [ana, 'frontendexpert', '1.0'],
        [ana, 'algoexpert', '1.1'],
        [ana, 'frontendexpert', '2.0'],
      ]);
      expect(rows.rm_certificates_wiped_users).toEqual([{ user_id: bo }, { user_id: cy }]);
    }
  });
});
