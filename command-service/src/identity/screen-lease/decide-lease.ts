export type Lease = { machineUuid: string; expiresAt: Date };

export type LeaseDecision = {
  acquired: boolean;
  /** The machine holding the lease after the call. */
  currentOwner: string;
  /** Set when this call took a live lease from another machine (force). */
  takenFrom?: string;
};

/**
 * Single-screen lease (spec 4): a machine gets the lease when no one holds it, when the holder's
 * lease expired, when it is the holder already (renewal), or when it forces; otherwise the holder
 * keeps it and the caller learns who that is.
 */
export function decideLease(
  current: Lease | undefined,
  request: { machineUuid: string; force: boolean },
  now: Date,
): LeaseDecision {
  const live = current && current.expiresAt.getTime() > now.getTime() ? current : undefined;
  if (!live || live.machineUuid === request.machineUuid) {
    return { acquired: true, currentOwner: request.machineUuid };
  }
  if (request.force)
    return { acquired: true, currentOwner: request.machineUuid, takenFrom: live.machineUuid };
  return { acquired: false, currentOwner: live.machineUuid };
}
