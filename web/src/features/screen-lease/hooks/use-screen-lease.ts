import { useEffect, useState } from 'react';
import { SCREEN_LEASE_TICK_MS, SCREEN_LEASE_TTL_SHELL_SECONDS } from '@app/contracts';
import { getMachineUuid } from '@/shared/lib/machine-uuid';
import { useAcquireScreenLeaseMutation } from '../api/acquire-screen-lease';

export type LeaseTakeover = { machineUuid: string; currentOwner: string | null };

/**
 * Holds the single-screen lease of `subject` for this machine (spec 4): acquired at once, renewed every
 * tick. A lease this page held and then lost means another machine took over: the takeover is returned
 * and renewing stops until it is dismissed. A lease never held yet is taken with force, once.
 * Failures of the call are ignored: the next tick tries again.
 */
export function useScreenLease(subject: string | undefined) {
  const [acquire] = useAcquireScreenLeaseMutation();
  const [takeover, setTakeover] = useState<LeaseTakeover | null>(null);

  useEffect(() => {
    if (!subject || takeover) return;
    const leaseSubject = subject;
    const machineUuid = getMachineUuid();
    let hasHeldLease = false;
    let isStopped = false;

    async function tryAcquire(force: boolean) {
      const call = acquire({
        force,
        machine_uuid: machineUuid,
        subject: leaseSubject,
        ttl: SCREEN_LEASE_TTL_SHELL_SECONDS,
      });
      try {
        return await call.unwrap();
      } catch {
        return null;
      } finally {
        call.reset();
      }
    }

    async function renew() {
      const reply = await tryAcquire(false);
      if (isStopped || !reply) return;
      if (reply.acquired) {
        hasHeldLease = true;
      } else if (hasHeldLease) {
        setTakeover({ machineUuid, currentOwner: reply.currentOwner });
      } else {
        const forced = await tryAcquire(true);
        if (!isStopped && forced?.acquired) hasHeldLease = true;
      }
    }

    void renew();
    const timer = window.setInterval(() => void renew(), SCREEN_LEASE_TICK_MS);
    return () => {
      isStopped = true;
      window.clearInterval(timer);
    };
  }, [subject, takeover, acquire]);

  function dismissTakeover() {
    setTakeover(null);
  }

  return { takeover, dismissTakeover };
}
