import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  type ProblemProductId,
  answeredRightCounts,
  certificatesStreamId,
  designCounts,
  hasTrackCertificate,
  practiceStreamId,
  quizIdOf,
  quizStreamId,
  submissionsStreamId,
  userDataStreamId,
} from '@app/contracts';
import type { Appended } from '@app/server-kit';
import { PublishedQuestions } from '../../content/published-questions';
import { AggregateStore } from '../../infrastructure/aggregate-store';
import { learnerSubmissions, outcomesOf } from '../../execution/submissions/learner-submissions.aggregate';
import { certificateKey, certificatesAggregate } from '../certificates.aggregate';
import { certificateProduct, decideGenerateCertificate } from './decide-generate-certificate';
import { GenerateCertificateCommand } from './generate-certificate.command';
import { answeredRightAggregate, bestQuizScoreAggregate, userDataDocumentAggregate } from './track-progress';

export type CertificateGenerated = { appended: Appended; certificateId: string };

/**
 * Decides from the learner's own streams (their certificates, their submissions) and the published
 * questions' streams, never from a read model; the certificates stream's revision settles races
 * between two requests of one learner (the loser decides again and answers the winner's certificate).
 */
@CommandHandler(GenerateCertificateCommand)
export class GenerateCertificateHandler implements ICommandHandler<
  GenerateCertificateCommand,
  CertificateGenerated
> {
  constructor(
    private readonly aggregates: AggregateStore,
    private readonly questions: PublishedQuestions,
  ) {}

  async execute(command: GenerateCertificateCommand): Promise<CertificateGenerated> {
    const { userId, type, version } = command.request;
    const { appended, state } = await this.aggregates.handle(
      certificatesStreamId(userId),
      certificatesAggregate,
      async (certificates) => {
        const product = certificateProduct(type);
        if (typeof product !== 'string' || certificates.has(certificateKey(product, version)))
          return decideGenerateCertificate(command, {
            certificates,
            outcomes: [],
            publishedQuestionIds: new Set(),
          });
        const [submissions, publishedQuestionIds, track, blockchain] = await Promise.all([
          this.aggregates.load(submissionsStreamId(userId), learnerSubmissions),
          this.questions.ids(product),
          this.trackOf(userId, product),
          this.blockchainOf(userId, product),
        ]);
        return decideGenerateCertificate(command, {
          certificates,
          outcomes: outcomesOf(submissions.state, product),
          publishedQuestionIds,
          track,
          blockchain,
        });
      },
      command.context,
    );
    const held = state.get(certificateKey(type, version));
    return held
      ? { appended: { position: held.position, idempotent: true }, certificateId: held.certificateId }
      : { appended, certificateId: command.request.certificateId };
  }

  /** Blockchain's practice and course assessment questions answered right, from the learner's practice stream. */
  private async blockchainOf(userId: string, product: ProblemProductId) {
    if (product !== 'blockchainexpert') return undefined;
    const [answered, published] = await Promise.all([
      this.aggregates.load(practiceStreamId(product, userId), answeredRightAggregate),
      this.questions.choiceIds(product),
    ]);
    return {
      practice: answeredRightCounts(answered.state, published.practice),
      assessment: answeredRightCounts(answered.state, published.assessment),
    };
  }

  /** A design track's design questions marked completed and best quiz score, from the learner's streams. */
  private async trackOf(userId: string, product: ProblemProductId) {
    if (!hasTrackCertificate(product)) return undefined;
    const [document, quiz, designIds] = await Promise.all([
      this.aggregates.load(userDataStreamId(product, userId), userDataDocumentAggregate),
      this.aggregates.load(quizStreamId(product, userId), bestQuizScoreAggregate(quizIdOf(product))),
      this.questions.designIds(product),
    ]);
    return { design: designCounts(document.state, designIds), quizScore: quiz.state };
  }
}
