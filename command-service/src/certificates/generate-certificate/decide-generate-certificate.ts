import {
  type BlockchainProgress,
  DomainError,
  type ProblemProductId,
  type QuestionOutcome,
  type UnlockCounts,
  invalidField,
  hasTrackCertificate,
  isQuizCertificateTrack,
  missingForBlockchainCertificate,
  missingForTrackCertificate,
  problemProductIds,
  unlockCounts,
  unlockFlags,
} from '@app/contracts';
import type { Decision } from '../../infrastructure/aggregate-store';
import { type Certificates, certificateKey } from '../certificates.aggregate';
import type { GenerateCertificateCommand } from './generate-certificate.command';

/**
 * What the decision needs: the learner's certificates, their latest outcomes, the published questions;
 * for a design track (systems design, machine learning) also its design questions and quiz.
 */
export type GenerateCertificateState = {
  certificates: Certificates;
  outcomes: readonly QuestionOutcome[];
  publishedQuestionIds: ReadonlySet<string>;
  track?: { design: UnlockCounts; quizScore: number };
  /** Blockchain: its practice and course assessment questions answered right among the published ones. */
  blockchain?: BlockchainProgress;
};

/** The product a certificate's `type` names, or a 400 about `body.type`. */
export function certificateProduct(type: string): ProblemProductId | DomainError {
  return (
    problemProductIds.find((id) => id === type) ??
    invalidField('body.type', `a certificate's type is one of ${problemProductIds.join(', ')}.`)
  );
}

/**
 * A learner who completed every published question of the product (the contracts' unlock rule; for a
 * design track, its design questions and quiz too: trackUnlocks; for blockchain, every practice and
 * course assessment question answered right instead: blockchainUnlocks) gets
 * one CertificateIssued per product and version; asking again appends nothing (the handler answers
 * the certificate held); anyone else is refused with what is left to do.
 */
export function decideGenerateCertificate(
  { request }: GenerateCertificateCommand,
  state: GenerateCertificateState,
): Decision {
  const product = certificateProduct(request.type);
  if (product instanceof DomainError) return product;
  if (state.certificates.has(certificateKey(product, request.version))) return [];
  const counts = unlockCounts(state.outcomes, state.publishedQuestionIds);
  if (hasTrackCertificate(product)) {
    const missing = missingForTrackCertificate({
      coding: counts,
      design: state.track?.design ?? { numQuestionsCompleted: 0, numQuestionsRequired: 0 },
      quizScore: state.track?.quizScore ?? 0,
      quizOnly: isQuizCertificateTrack(product),
    });
    if (missing !== null) return new DomainError('CERTIFICATE_NOT_EARNED', missing);
  } else if (product === 'blockchainexpert') {
    const missing = missingForBlockchainCertificate(
      state.blockchain ?? {
        practice: { numQuestionsCompleted: 0, numQuestionsRequired: 0 },
        assessment: { numQuestionsCompleted: 0, numQuestionsRequired: 0 },
      },
    );
    if (missing !== null) return new DomainError('CERTIFICATE_NOT_EARNED', missing);
  } else if (!unlockFlags(counts).hasUnlockedLatestCert) {
    return new DomainError(
      'CERTIFICATE_NOT_EARNED',
      counts.numQuestionsRequired === 0
        ? `${product} has no certificate to earn yet.`
        : `Complete every question of ${product} to earn its certificate: ${counts.numQuestionsCompleted} of ${counts.numQuestionsRequired} done.`,
    );
  }
  return [
    {
      type: 'CertificateIssued',
      data: {
        certificateId: request.certificateId,
        userId: request.userId,
        product,
        version: request.version,
        issuedAt: request.now.toISOString(),
      },
    },
  ];
}
