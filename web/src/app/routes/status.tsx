import { SystemStatusOverview } from '@/features/system-status/components/system-status-overview';

export function Component() {
  return (
    <>
      <title>System status · Interview Prep</title>
      <SystemStatusOverview />
    </>
  );
}
