import { decideLease } from './decide-lease';

const now = new Date('2026-11-22T10:00:00Z');
const later = new Date(now.getTime() + 10_000);
const earlier = new Date(now.getTime() - 1);

describe('decideLease', () => {
  it('gives a free lease to the caller', () => {
    expect(decideLease(undefined, { machineUuid: 'a', force: false }, now)).toEqual({
      acquired: true,
      currentOwner: 'a',
    });
  });
  it('renews for the holder', () => {
    expect(
      decideLease({ machineUuid: 'a', expiresAt: later }, { machineUuid: 'a', force: false }, now),
    ).toEqual({ acquired: true, currentOwner: 'a' });
  });
  it('refuses another machine while the lease lives, naming the holder', () => {
    expect(
      decideLease({ machineUuid: 'a', expiresAt: later }, { machineUuid: 'b', force: false }, now),
    ).toEqual({ acquired: false, currentOwner: 'a' });
  });
  it('takes an expired lease without force and without counting a takeover', () => {
    expect(
      decideLease({ machineUuid: 'a', expiresAt: earlier }, { machineUuid: 'b', force: false }, now),
    ).toEqual({ acquired: true, currentOwner: 'b' });
  });
  it('forces a live lease over and says from whom', () => {
    expect(
      decideLease({ machineUuid: 'a', expiresAt: later }, { machineUuid: 'b', force: true }, now),
    ).toEqual({
      acquired: true,
      currentOwner: 'b',
      takenFrom: 'a',
    });
  });
});
