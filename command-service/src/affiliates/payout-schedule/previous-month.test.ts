import { previousMonth } from './previous-month';

describe('the month a payout run pays', () => {
  it('is the month before, across a year and at the first instant of a month', () => {
    expect(previousMonth(new Date('2024-04-01T00:00:00Z'))).toBe('2024-03');
    expect(previousMonth(new Date('2024-03-31T23:59:59Z'))).toBe('2024-02');
    expect(previousMonth(new Date('2025-01-01T08:00:00Z'))).toBe('2024-12');
  });
});
