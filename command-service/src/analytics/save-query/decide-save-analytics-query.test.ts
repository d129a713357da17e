import { savedQueryAggregate } from '../saved-query.aggregate';
import { decideSaveAnalyticsQuery } from './decide-save-analytics-query';
import { SaveAnalyticsQueryCommand } from './save-analytics-query.command';

const queryId = '6f1d2c3b-0000-4000-8000-000000000001';
const analyst = '6f1d2c3b-0000-4000-8000-0000000000aa';
const command = (isNew: boolean) =>
  new SaveAnalyticsQueryCommand(
    {
      queryId,
      isNew,
      name: 'Revenue',
      description: 'per month',
      sql: 'SELECT 1',
      chart: { kind: 'bar', x: 'month', y: 'revenue' },
      savedBy: analyst,
    },
    { actor: { kind: 'user', id: analyst }, correlationId: 'c' },
  );
const state = (saved: boolean, deleted = false) => ({
  ...savedQueryAggregate.initialState(),
  saved,
  deleted,
});

describe('save analytics query: given its stream, when an analyst saves, then', () => {
  it('a new query is one AnalyticsQuerySaved with its name, description, SQL, chart and author', () => {
    expect(decideSaveAnalyticsQuery(command(true), state(false))).toEqual([
      {
        type: 'AnalyticsQuerySaved',
        data: {
          queryId,
          name: 'Revenue',
          description: 'per month',
          sql: 'SELECT 1',
          chart: { kind: 'bar', x: 'month', y: 'revenue' },
          savedBy: analyst,
        },
      },
    ]);
  });

  it('a saved query gets a new version', () => {
    expect(decideSaveAnalyticsQuery(command(false), state(true))).toHaveLength(1);
  });

  it('nothing more for a new query whose stream exists (a retry under the same Idempotency-Key)', () => {
    expect(decideSaveAnalyticsQuery(command(true), state(true))).toEqual([]);
  });

  it('an id that names no saved query, or a deleted one, is NOT_FOUND', () => {
    for (const given of [state(false), state(true, true)]) {
      expect(decideSaveAnalyticsQuery(command(false), given)).toMatchObject({
        code: 'NOT_FOUND',
        message: `No saved query ${queryId}.`,
      });
    }
  });
});
