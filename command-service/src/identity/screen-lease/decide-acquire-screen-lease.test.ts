import { AcquireScreenLeaseCommand } from './acquire-screen-lease.command';
import { decideAcquireScreenLease, leaseSubjectRefusal } from './decide-acquire-screen-lease';

const userId = '2b1f3c1e-0000-4000-8000-000000000001';
const now = new Date('2026-11-22T10:00:00Z');
const live = { machineUuid: 'a', expiresAt: new Date(now.getTime() + 10_000) };
const acquire = (machineUuid: string, force = false) =>
  new AcquireScreenLeaseCommand(
    { userId, subject: userId, machineUuid, force, ttlSeconds: 60 },
    { actor: { kind: 'user', id: userId }, correlationId: 'c' },
  );

describe('acquire screen lease: given the lease, when a machine asks for it, then', () => {
  it('a free lease is acquired, with no event', () => {
    expect(decideAcquireScreenLease(acquire('b'), { lease: undefined, now })).toEqual({
      lease: { acquired: true, currentOwner: 'b' },
      events: [],
    });
  });
  it('a live lease of another machine is refused, with no event', () => {
    expect(decideAcquireScreenLease(acquire('b'), { lease: live, now })).toEqual({
      lease: { acquired: false, currentOwner: 'a' },
      events: [],
    });
  });
  it('forcing a live lease takes it over: ScreenLeaseTakenOver naming both machines', () => {
    expect(decideAcquireScreenLease(acquire('b', true), { lease: live, now })).toEqual({
      lease: { acquired: true, currentOwner: 'b', takenFrom: 'a' },
      events: [
        { type: 'ScreenLeaseTakenOver', data: { userId, machineUuid: 'b', previousMachineUuid: 'a' } },
      ],
    });
  });

  it("another account's lease is refused", () => {
    const command = acquire('b');
    expect(leaseSubjectRefusal(command)).toBeUndefined();
    expect(
      leaseSubjectRefusal(
        new AcquireScreenLeaseCommand({ ...command.request, subject: 'x' }, command.context),
      ),
    ).toMatchObject({ code: 'FORBIDDEN' });
  });
});
