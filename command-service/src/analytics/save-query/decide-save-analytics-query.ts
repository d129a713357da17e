import { DomainError } from '@app/contracts';
import type { Decision } from '../../infrastructure/aggregate-store';
import type { SavedQueryState } from '../saved-query.aggregate';
import type { SaveAnalyticsQueryCommand } from './save-analytics-query.command';

/**
 * A new query, or a new version of a saved one: one AnalyticsQuerySaved. Saving under an id that names
 * no saved query, or a deleted one, is NOT_FOUND (a new query comes without an id). A new query whose
 * stream exists already is a retry under the same Idempotency-Key: nothing more is appended.
 */
export function decideSaveAnalyticsQuery(
  { request }: SaveAnalyticsQueryCommand,
  state: SavedQueryState,
): Decision {
  if (request.isNew && state.saved) return [];
  if (!request.isNew && (!state.saved || state.deleted)) {
    return new DomainError('NOT_FOUND', `No saved query ${request.queryId}.`);
  }
  const { queryId, name, description, sql, chart, savedBy } = request;
  return [{ type: 'AnalyticsQuerySaved', data: { queryId, name, description, sql, chart, savedBy } }];
}
