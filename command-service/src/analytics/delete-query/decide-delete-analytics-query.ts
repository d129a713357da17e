import { DomainError } from '@app/contracts';
import type { Decision } from '../../infrastructure/aggregate-store';
import type { SavedQueryState } from '../saved-query.aggregate';
import type { DeleteAnalyticsQueryCommand } from './delete-analytics-query.command';

/** Any analyst may delete a shared query: one AnalyticsQueryDeleted; deleting it again appends nothing. */
export function decideDeleteAnalyticsQuery(
  { request }: DeleteAnalyticsQueryCommand,
  state: SavedQueryState,
): Decision {
  if (!state.saved) return new DomainError('NOT_FOUND', `No saved query ${request.queryId}.`);
  if (state.deleted) return [];
  return [
    { type: 'AnalyticsQueryDeleted', data: { queryId: request.queryId, deletedBy: request.deletedBy } },
  ];
}
