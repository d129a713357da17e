import type { Projection } from '../runtime/projection';
import { certificatesProjection } from './certificates/certificates.projection';
import { affiliateClicksDailyProjection } from './affiliate-clicks-daily/affiliate-clicks-daily.projection';
import { affiliateEarningsProjection } from './affiliate-earnings/affiliate-earnings.projection';
import { affiliateTrackingProjection } from './affiliate-tracking/affiliate-tracking.projection';
import { telemetryDailyProjection } from './telemetry-daily/telemetry-daily.projection';
import { userAccessProjection } from './user-access/user-access.projection';
import { uiVersionBoundsProjection } from './ui-version-bounds/ui-version-bounds.projection';
import { submissionsProjection } from './submissions/submissions.projection';
import { catalogueProjection } from './catalogue/catalogue.projection';
import { announcementsProjection } from './announcements/announcements.projection';
import { userDataProjection } from './user-data/user-data.projection';
import { billingProjection } from './billing/billing.projection';
import { unlockProgressProjection } from './unlock-progress/unlock-progress.projection';
import { offeringsProjection } from './offerings/offerings.projection';
import { quizzesProjection } from './quizzes/quizzes.projection';
import { practiceProjection } from './practice/practice.projection';
import { projectsProjection } from './projects/projects.projection';
import { assessmentsProjection } from './assessments/assessments.projection';
import { accountHistoryProjection } from './account-history/account-history.projection';
import { analyticsWorkspaceProjection } from './analytics-workspace/analytics-workspace.projection';
import { sharedSolutionsProjection } from './shared-solutions/shared-solutions.projection';
import { solutionCommentsProjection } from './solution-comments/solution-comments.projection';
import { certificateEligibilityProjection } from './certificate-eligibility/certificate-eligibility.projection';
import { licencesProjection } from './licences/licences.projection';
import { learnerFunnelProjection } from './learner-funnel/learner-funnel.projection';

/** Every projection the service runs. */
export const projections: readonly Projection[] = [
  telemetryDailyProjection,
  affiliateClicksDailyProjection,
  affiliateEarningsProjection,
  affiliateTrackingProjection,
  userAccessProjection,
  uiVersionBoundsProjection,
  submissionsProjection,
  certificatesProjection,
  catalogueProjection,
  announcementsProjection,
  userDataProjection,
  billingProjection,
  unlockProgressProjection,
  certificateEligibilityProjection,
  offeringsProjection,
  quizzesProjection,
  practiceProjection,
  projectsProjection,
  assessmentsProjection,
  accountHistoryProjection,
  licencesProjection,
  learnerFunnelProjection,
  analyticsWorkspaceProjection,
  sharedSolutionsProjection,
  solutionCommentsProjection,
];
export { analyticsDashboards } from './analytics-workspace/dashboards';
