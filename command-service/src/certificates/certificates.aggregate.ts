import { formatPosition } from '@app/contracts';
import type { Aggregate } from '../infrastructure/aggregate-store';

/** A certificate a learner holds: its verification id and the position of the event that issued it. */
export type HeldCertificate = { certificateId: string; position: string };

/** A learner's certificates stream folded: the certificates held, by product and version. */
export type Certificates = ReadonlyMap<string, HeldCertificate>;

export const certificateKey = (product: string, version: string) => `${product}@${version}`;

export const certificatesAggregate: Aggregate<Certificates> = {
  initialState: () => new Map(),
  evolve(state, event) {
    switch (event.type) {
      case 'CertificateIssued': {
        const key = certificateKey(event.data.product, event.data.version);
        if (state.has(key)) return state;
        const position = formatPosition({ transactionId: event.transactionId, position: event.position });
        return new Map(state).set(key, { certificateId: event.data.certificateId, position });
      }
      default:
        return state;
    }
  },
};
