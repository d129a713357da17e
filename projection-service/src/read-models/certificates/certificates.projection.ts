import { defineProjection } from '../../runtime/projection';

type CertificateRow = {
  certificate_id: string;
  user_id: string;
  product: string;
  version: string;
  issued_at: string;
};

/**
 * Issued certificates. A batch is folded in order: a wipe writes what came before it, then deletes
 * the learner's certificates and remembers the id, so a certificate delivered after the wipe (from
 * Kafka: another stream) is dropped whenever it arrives. Inserts ignore a certificate already there,
 * so replays and redeliveries are harmless.
 */
export const certificatesProjection = defineProjection({
  name: 'certificates',
  eventTypes: ['CertificateIssued', 'AccountWiped'],
  tables: ['rm_certificates', 'rm_certificates_wiped_users'],
  async apply(events, tx) {
    const holders = [
      ...new Set(
        events.filter((event) => event.type === 'CertificateIssued').map((event) => event.data.userId),
      ),
    ];
    const wiped = new Set(
      holders.length === 0
        ? []
        : (
            await tx.query<{ user_id: string }>(
              'SELECT user_id FROM rm_certificates_wiped_users WHERE user_id = ANY($1::uuid[])',
              [holders],
            )
          ).rows.map((row) => row.user_id),
    );
    let pending: CertificateRow[] = [];
    const flush = async () => {
      if (pending.length > 0)
        await tx.query(
          `INSERT INTO rm_certificates
             SELECT * FROM jsonb_populate_recordset(NULL::rm_certificates, $1::jsonb)
           ON CONFLICT DO NOTHING`,
          [JSON.stringify(pending)],
        );
      pending = [];
    };
    for (const event of events) {
      if (event.type === 'CertificateIssued') {
        const data = event.data;
        if (wiped.has(data.userId)) continue;
        pending.push({
          certificate_id: data.certificateId,
          user_id: data.userId,
          product: data.product,
          version: data.version,
          issued_at: data.issuedAt,
        });
      } else if (event.type === 'AccountWiped') {
        const { userId } = event.data;
        await flush();
        wiped.add(userId);
        await tx.query('DELETE FROM rm_certificates WHERE user_id = $1', [userId]);
        await tx.query(
          'INSERT INTO rm_certificates_wiped_users (user_id) VALUES ($1) ON CONFLICT DO NOTHING',
          [userId],
        );
      }
    }
    await flush();
  },
});
