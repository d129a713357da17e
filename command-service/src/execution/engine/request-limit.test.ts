import { DomainError } from '@app/contracts';
import { withinRequestLimit } from './request-limit';

describe('withinRequestLimit', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('answers what the work answers within the limit', async () => {
    const answer = withinRequestLimit(
      () => new Promise<string>((resolve) => setTimeout(() => resolve('judged'), 900)),
      1_000,
    );
    await jest.advanceTimersByTimeAsync(900);
    await expect(answer).resolves.toBe('judged');
    await expect(withinRequestLimit(() => Promise.reject(new Error('boom')), 1_000)).rejects.toThrow('boom');
  });

  it('answers RCE_TIMEOUT at the limit, while the work is still going on', async () => {
    const answer = withinRequestLimit(() => new Promise<string>(() => undefined), 1_000);
    const refused = expect(answer).rejects.toMatchObject({ code: 'RCE_TIMEOUT' });
    await jest.advanceTimersByTimeAsync(1_000);
    await refused;
    await expect(answer).rejects.toBeInstanceOf(DomainError);
  });
});
