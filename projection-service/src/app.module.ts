import { type DynamicModule, Module } from '@nestjs/common';
import { Registry, collectDefaultMetrics } from 'prom-client';
import type { Logger } from 'pino';
import {
  HealthController,
  SessionAuthenticator,
  createPool,
  CONFIG,
  LOGGER,
  METRICS_REGISTRY,
  PG_POOL,
} from '@app/server-kit';
import type { ProjectionServiceConfig } from './infrastructure/config';
import { ProjectionHost } from './infrastructure/projection-host';
import { ReadYourWrites } from './infrastructure/read-your-writes';
import { AnalyticsWorkspaceController } from './read-models/analytics-workspace/analytics-workspace.controller';
import { SystemController } from './queries/system.controller';
import { SnapshotsController } from './queries/snapshots.controller';
import { UiVersionController } from './queries/ui-version.controller';
import { TelemetryDailyController } from './read-models/telemetry-daily/telemetry-daily.controller';
import { UserAccessController } from './read-models/user-access/user-access.controller';
import { SubmissionsController } from './read-models/submissions/submissions.controller';
import { AffiliateClicksDailyController } from './read-models/affiliate-clicks-daily/affiliate-clicks-daily.controller';
import { AffiliateEarningsController } from './read-models/affiliate-earnings/affiliate-earnings.controller';
import { PartnersController } from './read-models/affiliate-earnings/partners.controller';
import { AffiliateTrackingController } from './read-models/affiliate-tracking/affiliate-tracking.controller';
import { AnnouncementsController } from './read-models/announcements/announcements.controller';
import { SharedSolutionsController } from './read-models/shared-solutions/shared-solutions.controller';
import { SolutionCommentsController } from './read-models/solution-comments/solution-comments.controller';
import { CatalogueController } from './read-models/catalogue/catalogue.controller';
import { ProjectsController } from './read-models/projects/projects.controller';
import { LearningController } from './read-models/catalogue/learning.controller';
import { CourseAssessmentsController } from './read-models/practice/course-assessments.controller';
import { QuizzesController } from './read-models/quizzes/quizzes.controller';
import { AssessmentsController } from './read-models/assessments/assessments.controller';
import { UserDataController } from './read-models/user-data/user-data.controller';
import { UnlockProgressController } from './read-models/unlock-progress/unlock-progress.controller';
import { CertificatesController } from './read-models/certificates/certificates.controller';
import { BillingController } from './read-models/billing/billing.controller';
import { LicencesController } from './read-models/licences/licences.controller';
import { OfferingsController } from './read-models/offerings/offerings.controller';
import { AccountHistoryController } from './read-models/account-history/account-history.controller';

@Module({})
export class AppModule {
  static register(config: ProjectionServiceConfig, logger: Logger): DynamicModule {
    const registry = new Registry();
    registry.setDefaultLabels({ service: 'projection-service' });
    collectDefaultMetrics({ register: registry });
    return {
      module: AppModule,
      controllers: [
        HealthController,
        SystemController,
        SnapshotsController,
        UiVersionController,
        TelemetryDailyController,
        AffiliateClicksDailyController,
        AffiliateEarningsController,
        AffiliateTrackingController,
        PartnersController,
        UserAccessController,
        BillingController,
        LicencesController,
        OfferingsController,
        AccountHistoryController,
        SubmissionsController,
        AnnouncementsController,
        SharedSolutionsController,
        SolutionCommentsController,
        CatalogueController,
        ProjectsController,
        LearningController,
        CourseAssessmentsController,
        QuizzesController,
        AssessmentsController,
        UserDataController,
        UnlockProgressController,
        CertificatesController,
        AnalyticsWorkspaceController,
      ],
      providers: [
        { provide: CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
        { provide: METRICS_REGISTRY, useValue: registry },
        { provide: PG_POOL, useFactory: () => createPool(config.databaseUrl, { max: 20 }) },
        SessionAuthenticator,
        ProjectionHost,
        ReadYourWrites,
      ],
    };
  }
}
