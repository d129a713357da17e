import { ComingPanel, PageHeader } from '@/shared/ui/page';

export function Component() {
  return (
    <>
      <PageHeader
        title="Affiliate dashboard"
        eyebrow="Affiliates"
        lead="Your link clicks, promo-code uses, sales and payouts."
      />
      <ComingPanel title="Your earnings arrive soon">
        <p>
          Daily clicks, promo-code applications and sales per product, with monthly earnings and payout
          status.
        </p>
      </ComingPanel>
    </>
  );
}
