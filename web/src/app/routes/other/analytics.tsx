import { AnalyticsWorkspace } from '@/features/analytics/components/analytics-workspace';
import { PageHeader } from '@/shared/ui/page';

export function Component() {
  return (
    <>
      <PageHeader
        title="Analytics"
        eyebrow="Analysts"
        lead="SQL over the read models' analytics views: read-only, 10 seconds and 10,000 rows at most, every run recorded."
      />
      <AnalyticsWorkspace />
    </>
  );
}
