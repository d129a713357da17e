import { type DynamicModule, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import { Registry, collectDefaultMetrics } from 'prom-client';
import type { Logger } from 'pino';
import {
  createPool,
  CONFIG,
  LOGGER,
  METRICS_REGISTRY,
  PG_POOL,
  HealthController,
  SessionAuthenticator,
} from '@app/server-kit';
import type { CommandServiceConfig } from './infrastructure/config';
import { EventAppender } from './infrastructure/event-appender';
import { EventForwarding } from './infrastructure/event-forwarding';
import { ContentPublisher } from './content/publish-content/content-publisher';
import { PublishContentController } from './content/publish-content/publish-content.controller';
import { PublishContentHandler } from './content/publish-content/publish-content.handler';
import { identityControllers, identityProviders } from './identity/identity.module-parts';
import { analyticsControllers, analyticsProviders } from './analytics/analytics.module-parts';
import { communityControllers, communityProviders } from './community/community.module-parts';
import { ExecutionEngine } from './execution/engine/execution-engine';
import { RunCodeController } from './execution/run-code/run-code.controller';
import { RunCodeHandler } from './execution/run-code/run-code.handler';
import { RunReplController } from './execution/run-repl/run-repl.controller';
import { RunReplHandler } from './execution/run-repl/run-repl.handler';
import { FirstRuns } from './execution/first-run/first-runs';
import { CreateSubmissionController } from './execution/submissions/create-submission/create-submission.controller';
import { CreateSubmissionHandler } from './execution/submissions/create-submission/create-submission.handler';
import { CreateSoliditySubmissionController } from './execution/submissions/create-solidity-submission/create-solidity-submission.controller';
import { CreateSoliditySubmissionHandler } from './execution/submissions/create-solidity-submission/create-solidity-submission.handler';
import { PublishedSolidityContent } from './content/published-solidity';
import { PublishedFrontendQuestions } from './content/published-frontend';
import { FrontendJudge } from './execution/frontend/frontend-judge';
import { RunMochaController } from './execution/frontend/run-mocha/run-mocha.controller';
import { RunMochaHandler } from './execution/frontend/run-mocha/run-mocha.handler';
import { CreateFrontendSubmissionController } from './execution/submissions/create-frontend-submission/create-frontend-submission.controller';
import { CreateFrontendSubmissionHandler } from './execution/submissions/create-frontend-submission/create-frontend-submission.handler';
import { ResetSubmissionsController } from './execution/submissions/reset-submissions/reset-submissions.controller';
import { ResetSubmissionsHandler } from './execution/submissions/reset-submissions/reset-submissions.handler';
import { GenerateCertificateController } from './certificates/generate-certificate/generate-certificate.controller';
import { GenerateCertificateHandler } from './certificates/generate-certificate/generate-certificate.handler';
import { AggregateStore } from './infrastructure/aggregate-store';
import { PublishedQuestions } from './content/published-questions';
import { PublishedQuiz } from './learning/published-quiz';
import { RecordQuizController } from './learning/record-quiz/record-quiz.controller';
import { RecordQuizHandler } from './learning/record-quiz/record-quiz.handler';
import { SubmitChoiceController } from './learning/submit-choice/submit-choice.controller';
import { SubmitChoiceHandler } from './learning/submit-choice/submit-choice.handler';
import { RevealPracticeSolutionController } from './learning/reveal-practice-solution/reveal-practice-solution.controller';
import { RevealPracticeSolutionHandler } from './learning/reveal-practice-solution/reveal-practice-solution.handler';
import { StartAssessmentController } from './learning/assessments/start-assessment/start-assessment.controller';
import { StartAssessmentHandler } from './learning/assessments/start-assessment/start-assessment.handler';
import { AbandonAssessmentController } from './learning/assessments/abandon-assessment/abandon-assessment.controller';
import { AbandonAssessmentHandler } from './learning/assessments/abandon-assessment/abandon-assessment.handler';
import { CompleteAssessmentHandler } from './learning/assessments/complete-assessment/complete-assessment.handler';
import { SetUiVersionBoundsController } from './settings/set-ui-version-bounds/set-ui-version-bounds.controller';
import { SetUiVersionBoundsHandler } from './settings/set-ui-version-bounds/set-ui-version-bounds.handler';
import { OpenSupportTicketController } from './support/open-support-ticket/open-support-ticket.controller';
import { OpenSupportTicketHandler } from './support/open-support-ticket/open-support-ticket.handler';
import { RecordTelemetryEventController } from './telemetry/record-telemetry-event/record-telemetry-event.controller';
import { RecordTelemetryEventHandler } from './telemetry/record-telemetry-event/record-telemetry-event.handler';
import { affiliateControllers, affiliateProviders } from './affiliates/affiliates.module-parts';
import { PublishAnnouncementController } from './announcements/publish-announcement/publish-announcement.controller';
import { WithdrawAnnouncementController } from './announcements/withdraw-announcement/withdraw-announcement.controller';
import { PublishAnnouncementHandler } from './announcements/publish-announcement/publish-announcement.handler';
import { WithdrawAnnouncementHandler } from './announcements/withdraw-announcement/withdraw-announcement.handler';
import { SetUserDataController } from './user-data/set-user-data/set-user-data.controller';
import { SetUserDataHandler } from './user-data/set-user-data/set-user-data.handler';
import { StripeWebhookController } from './billing/stripe-webhook/stripe-webhook.controller';
import { FulfilCheckoutHandler } from './billing/fulfil-checkout/fulfil-checkout.handler';
import { RefundChargeHandler } from './billing/refund-charge/refund-charge.handler';
import { ExpireCheckoutHandler } from './billing/expire-checkout/expire-checkout.handler';
import { StripeCheckouts } from './commerce/stripe-checkouts';
import { TestCheckoutController } from './commerce/test-checkout/test-checkout.controller';
import { TestCheckoutPayments } from './commerce/test-checkout/test-checkout-payments';
import { PurchaseOfferingController } from './commerce/purchase-offering/purchase-offering.controller';
import { PurchaseOfferingHandler } from './commerce/purchase-offering/purchase-offering.handler';
import { SetPricingRegionController } from './commerce/set-pricing-region/set-pricing-region.controller';
import { SetPricingRegionHandler } from './commerce/set-pricing-region/set-pricing-region.handler';
import { PriceListRepository } from './commerce/price-list/price-list.repository';
import { PriceListPublisher } from './commerce/price-list/publish-price-list/price-list-publisher';
import { PublishPriceListController } from './commerce/price-list/publish-price-list/publish-price-list.controller';
import { PublishPriceListHandler } from './commerce/price-list/publish-price-list/publish-price-list.handler';
import { PromoCodesRepository } from './commerce/promo-codes/promo-codes.repository';
import { BuyersRepository } from './commerce/buyers.repository';
import { CreatePromoCodeController } from './commerce/promo-codes/create-promo-code/create-promo-code.controller';
import { CreatePromoCodeHandler } from './commerce/promo-codes/create-promo-code/create-promo-code.handler';
import { ExpirePromoCodeController } from './commerce/promo-codes/expire-promo-code/expire-promo-code.controller';
import { ExpirePromoCodeHandler } from './commerce/promo-codes/expire-promo-code/expire-promo-code.handler';
import { licenceControllers, licenceProviders } from './licences/licences.module-parts';

@Module({})
export class AppModule implements OnApplicationShutdown {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  static register(config: CommandServiceConfig, logger: Logger): DynamicModule {
    const registry = new Registry();
    registry.setDefaultLabels({ service: 'command-service' });
    collectDefaultMetrics({ register: registry });
    return {
      module: AppModule,
      imports: [CqrsModule.forRoot()],
      controllers: [
        HealthController,
        RecordTelemetryEventController,
        OpenSupportTicketController,
        ...affiliateControllers,
        ...identityControllers,
        ...analyticsControllers,
        ...communityControllers,
        SetUiVersionBoundsController,
        PublishPriceListController,
        CreatePromoCodeController,
        ExpirePromoCodeController,
        RunCodeController,
        RunReplController,
        CreateSubmissionController,
        CreateSoliditySubmissionController,
        CreateFrontendSubmissionController,
        RunMochaController,
        ResetSubmissionsController,
        GenerateCertificateController,
        RecordQuizController,
        SubmitChoiceController,
        RevealPracticeSolutionController,
        StartAssessmentController,
        AbandonAssessmentController,
        PublishContentController,
        PublishAnnouncementController,
        WithdrawAnnouncementController,
        SetUserDataController,
        StripeWebhookController,
        TestCheckoutController,
        PurchaseOfferingController,
        SetPricingRegionController,
        ...licenceControllers,
      ],
      providers: [
        { provide: CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
        { provide: METRICS_REGISTRY, useValue: registry },
        { provide: PG_POOL, useFactory: () => createPool(config.databaseUrl, { max: 40 }) },
        EventAppender,
        AggregateStore,
        PublishedQuestions,
        PublishedSolidityContent,
        PublishedFrontendQuestions,
        FrontendJudge,
        PublishedQuiz,
        RecordQuizHandler,
        SubmitChoiceHandler,
        RevealPracticeSolutionHandler,
        StartAssessmentHandler,
        AbandonAssessmentHandler,
        CompleteAssessmentHandler,
        GenerateCertificateHandler,
        CreateSubmissionHandler,
        CreateSoliditySubmissionHandler,
        CreateFrontendSubmissionHandler,
        RunMochaHandler,
        ResetSubmissionsHandler,
        FulfilCheckoutHandler,
        RefundChargeHandler,
        ExpireCheckoutHandler,
        StripeCheckouts,
        TestCheckoutPayments,
        PurchaseOfferingHandler,
        SetPricingRegionHandler,
        EventForwarding,
        SessionAuthenticator,
        ...identityProviders,
        ...analyticsProviders,
        ...communityProviders,
        ExecutionEngine,
        RunCodeHandler,
        RunReplHandler,
        FirstRuns,
        ContentPublisher,
        PublishContentHandler,
        RecordTelemetryEventHandler,
        OpenSupportTicketHandler,
        ...affiliateProviders,
        SetUserDataHandler,
        PublishAnnouncementHandler,
        WithdrawAnnouncementHandler,
        SetUiVersionBoundsHandler,
        PublishPriceListHandler,
        PriceListPublisher,
        PriceListRepository,
        CreatePromoCodeHandler,
        ExpirePromoCodeHandler,
        PromoCodesRepository,
        BuyersRepository,
        ...licenceProviders,
      ],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}
