import { PartnerDashboard } from '@/features/affiliates/components/partner-dashboard';
import { PageHeader } from '@/shared/ui/page';

export function Component() {
  return (
    <>
      <PageHeader
        title="Partner dashboard"
        eyebrow="Partners"
        lead="Your affiliate codes' sales and earnings, summed and code by code."
      />
      <PartnerDashboard />
    </>
  );
}
