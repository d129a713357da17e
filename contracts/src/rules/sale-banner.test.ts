import {
  countdownParts,
  currentFlashSale,
  saleBannerStatus,
  saleCountdownTarget,
  type FlashSale,
} from './sale-banner';

const sale: FlashSale = {
  id: 'test',
  startsAt: '2030-01-01T00:00:00Z',
  extensionDate: '2030-01-03T00:00:00Z',
  endsAt: '2030-01-05T00:00:00Z',
};
const at = (iso: string) => Date.parse(iso);

describe('sale banner status', () => {
  it('follows the clock through the four statuses, boundaries included', () => {
    expect(saleBannerStatus(sale, at('2029-12-31T23:59:59Z'))).toBe('notStarted');
    expect(saleBannerStatus(sale, at('2030-01-01T00:00:00Z'))).toBe('beforeExtensionDate');
    expect(saleBannerStatus(sale, at('2030-01-03T00:00:00Z'))).toBe('afterExtensionDate');
    expect(saleBannerStatus(sale, at('2030-01-04T23:59:59Z'))).toBe('afterExtensionDate');
    expect(saleBannerStatus(sale, at('2030-01-05T00:00:00Z'))).toBe('ended');
  });

  it('counts down to the extension date while it is ahead, then to the end', () => {
    expect(saleCountdownTarget(sale, at('2030-01-02T00:00:00Z'))).toBe(at(sale.extensionDate));
    expect(saleCountdownTarget(sale, at('2030-01-03T00:00:01Z'))).toBe(at(sale.endsAt));
  });

  it('splits the time left into days, hours, mins and secs, never below zero', () => {
    const now = at('2030-01-01T00:00:00Z');
    expect(countdownParts(now + ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 + 999, now)).toEqual({
      days: 2,
      hours: 3,
      mins: 4,
      secs: 5,
    });
    expect(countdownParts(now - 1000, now)).toEqual({ days: 0, hours: 0, mins: 0, secs: 0 });
  });

  it('picks the running sale, else the next one, else the last', () => {
    const later: FlashSale = {
      ...sale,
      id: 'later',
      startsAt: '2031-01-01T00:00:00Z',
      extensionDate: '2031-01-02T00:00:00Z',
      endsAt: '2031-01-03T00:00:00Z',
    };
    expect(currentFlashSale(at('2030-01-02T00:00:00Z'), [sale, later])?.id).toBe('test');
    expect(currentFlashSale(at('2030-06-01T00:00:00Z'), [sale, later])?.id).toBe('later');
    expect(currentFlashSale(at('2032-01-01T00:00:00Z'), [sale, later])?.id).toBe('later');
  });
});
