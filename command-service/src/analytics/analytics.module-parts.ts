import { ReadSide } from '../infrastructure/read-side';
import { AnalyticsDatabase } from './analytics-database';
import { CancelAnalyticsQueryController } from './cancel-query/cancel-analytics-query.controller';
import { CancelAnalyticsQueryHandler } from './cancel-query/cancel-analytics-query.handler';
import { DeleteAnalyticsQueryController } from './delete-query/delete-analytics-query.controller';
import { DeleteAnalyticsQueryHandler } from './delete-query/delete-analytics-query.handler';
import { RunAnalyticsQueryController } from './run-query/run-analytics-query.controller';
import { RunAnalyticsQueryHandler } from './run-query/run-analytics-query.handler';
import { SaveAnalyticsQueryController } from './save-query/save-analytics-query.controller';
import { SaveAnalyticsQueryHandler } from './save-query/save-analytics-query.handler';

/** The analysts' workspace (issue 21): running SQL, cancelling it, saved queries. */
export const analyticsControllers = [
  RunAnalyticsQueryController,
  CancelAnalyticsQueryController,
  SaveAnalyticsQueryController,
  DeleteAnalyticsQueryController,
];
export const analyticsProviders = [
  AnalyticsDatabase,
  ReadSide,
  RunAnalyticsQueryHandler,
  CancelAnalyticsQueryHandler,
  SaveAnalyticsQueryHandler,
  DeleteAnalyticsQueryHandler,
];
