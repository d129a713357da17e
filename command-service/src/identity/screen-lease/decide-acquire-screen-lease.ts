import { DomainError } from '@app/contracts';
import type { NewEvent } from '@app/server-kit';
import { type Lease, type LeaseDecision, decideLease } from './decide-lease';
import type { AcquireScreenLeaseCommand } from './acquire-screen-lease.command';

/**
 * The lease rule (decide-lease) at the database's now; only a takeover of a live lease, the trace of
 * account sharing, is an event: ScreenLeaseTakenOver naming both machines.
 */
export function decideAcquireScreenLease(
  { request }: AcquireScreenLeaseCommand,
  state: { lease: Lease | undefined; now: Date },
): { lease: LeaseDecision; events: NewEvent<'ScreenLeaseTakenOver'>[] } {
  const lease = decideLease(state.lease, request, state.now);
  return {
    lease,
    events: lease.takenFrom
      ? [
          {
            type: 'ScreenLeaseTakenOver',
            data: {
              userId: request.userId,
              machineUuid: request.machineUuid,
              previousMachineUuid: lease.takenFrom,
            },
          },
        ]
      : [],
  };
}

/** A lease is asked for the signed-in account only (checked before the lease is read). */
export function leaseSubjectRefusal({ request }: AcquireScreenLeaseCommand): DomainError | undefined {
  return request.subject === request.userId
    ? undefined
    : new DomainError('FORBIDDEN', "The lease subject is not the signed-in account's subject.");
}
