import {
  eventTypes,
  InvalidEventDataError,
  isKnownEventType,
  latestVersion,
  UnknownEventTypeError,
  upcast,
  validateEventData,
} from './catalog';
import type { EventType } from './catalog';

describe('event catalogue', () => {
  it('knows its types and their latest versions', () => {
    expect(eventTypes).toEqual(expect.arrayContaining(['TelemetryEventRecorded', 'AffiliateLinkClicked']));
    expect(isKnownEventType('AffiliateLinkClicked')).toBe(true);
    expect(isKnownEventType('NoSuchEvent')).toBe(false);
    expect(latestVersion('AffiliateLinkClicked')).toBe(2);
    expect(() => latestVersion('NoSuchEvent')).toThrow(UnknownEventTypeError);
  });

  describe('upcast', () => {
    it('brings AffiliateSaleRecorded v1 to v2 with its dollar value at the legacy rates', () => {
      const v1 = {
        affiliateId: '11111111-1111-4111-8111-111111111111',
        purchaseId: 'cs_1',
        amount: 399_900,
        currency: 'inr',
        products: ['algoexpert'],
        soldAt: '2024-03-10T10:00:00.000Z',
        via: 'link',
      };
      // 399900 × 0.0113 = 4518.87 → 4519; a dollar sale keeps its amount.
      expect(upcast('AffiliateSaleRecorded', 1, v1)).toEqual({
        version: 2,
        data: { ...v1, usdAmount: 4519 },
      });
      expect(upcast('AffiliateSaleRecorded', 1, { ...v1, amount: 8415, currency: 'usd' }).data).toMatchObject(
        {
          usdAmount: 8415,
        },
      );
    });

    it('brings AffiliateLinkClicked v1 to v2 with an unknown landing path', () => {
      expect(upcast('AffiliateLinkClicked', 1, { affiliateCode: 'abc-1' })).toEqual({
        version: 2,
        data: { affiliateCode: 'abc-1', landingPath: null },
      });
    });

    it('leaves latest-version data as it is', () => {
      const data = { affiliateCode: 'abc', landingPath: '/purchase' };
      expect(upcast('AffiliateLinkClicked', 2, data)).toEqual({ version: 2, data });
    });

    it('refuses v1 data that was never valid', () => {
      expect(() => upcast('AffiliateLinkClicked', 1, { code: 'abc' })).toThrow();
    });

    it('refuses unknown types and versions', () => {
      expect(() => upcast('NoSuchEvent', 1, {})).toThrow(UnknownEventTypeError);
      expect(() => upcast('AffiliateLinkClicked', 3, {})).toThrow(UnknownEventTypeError);
      expect(() => upcast('AffiliateLinkClicked', 0, {})).toThrow(UnknownEventTypeError);
    });
  });

  describe('validateEventData', () => {
    it('answers the parsed data of the latest version', () => {
      expect(
        validateEventData('AffiliateLinkClicked', { affiliateCode: ' abc ', landingPath: null }),
      ).toEqual({
        affiliateCode: 'abc',
        landingPath: null,
      });
      expect(
        validateEventData('TelemetryEventRecorded', { eventType: 'UI_NETWORK_ERRORS', body: { retry: 2 } }),
      ).toEqual({ eventType: 'UI_NETWORK_ERRORS', body: { retry: 2 } });
    });

    it.each([
      ['missing landing path (v1 shape)', { affiliateCode: 'abc' }],
      ['bad code', { affiliateCode: 'a b', landingPath: null }],
      ['empty code', { affiliateCode: '', landingPath: null }],
      ['not an object', 'abc'],
      ['null', null],
    ])('refuses AffiliateLinkClicked data with %s', (_, data) => {
      expect(() => validateEventData('AffiliateLinkClicked', data)).toThrow(InvalidEventDataError);
    });

    it('refuses telemetry without an event type', () => {
      expect(() => validateEventData('TelemetryEventRecorded', { eventType: '', body: null })).toThrow(
        InvalidEventDataError,
      );
    });

    it('names the type and the problem', () => {
      try {
        validateEventData('AffiliateLinkClicked', { affiliateCode: 'abc' });
        throw new Error('expected a refusal');
      } catch (error) {
        expect(error).toBeInstanceOf(InvalidEventDataError);
        expect((error as InvalidEventDataError).eventType).toBe('AffiliateLinkClicked');
        expect((error as InvalidEventDataError).issues[0].path).toEqual(['landingPath']);
      }
    });

    it('refuses unknown types', () => {
      expect(() => validateEventData('NoSuchEvent' as EventType, {})).toThrow(UnknownEventTypeError);
    });
  });
});
