import { AffiliateDashboard } from '@/features/affiliates/components/affiliate-dashboard';
import { PageHeader } from '@/shared/ui/page';

export function Component() {
  return (
    <>
      <PageHeader
        title="Affiliate dashboard"
        eyebrow="Affiliates"
        lead="Your link clicks, promo-code uses, sales and payouts."
      />
      <AffiliateDashboard />
    </>
  );
}
