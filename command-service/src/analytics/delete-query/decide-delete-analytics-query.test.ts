import { decideDeleteAnalyticsQuery } from './decide-delete-analytics-query';
import { DeleteAnalyticsQueryCommand } from './delete-analytics-query.command';

const queryId = '6f1d2c3b-0000-4000-8000-000000000002';
const analyst = '6f1d2c3b-0000-4000-8000-0000000000bb';
const command = new DeleteAnalyticsQueryCommand(
  { queryId, deletedBy: analyst },
  { actor: { kind: 'user', id: analyst }, correlationId: 'c' },
);

describe('delete analytics query: given its stream, when an analyst deletes it, then', () => {
  it('one AnalyticsQueryDeleted for a saved query', () => {
    expect(decideDeleteAnalyticsQuery(command, { saved: true, deleted: false })).toEqual([
      { type: 'AnalyticsQueryDeleted', data: { queryId, deletedBy: analyst } },
    ]);
  });

  it('nothing for a query deleted already, NOT_FOUND for one never saved', () => {
    expect(decideDeleteAnalyticsQuery(command, { saved: true, deleted: true })).toEqual([]);
    expect(decideDeleteAnalyticsQuery(command, { saved: false, deleted: false })).toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
