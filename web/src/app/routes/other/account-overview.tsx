import { ProfileSummary } from '@/features/account/components/profile-summary';
import { PricingRegionSetting } from '@/features/commerce/components/pricing-region-setting';
import { CardGrid, LinkCard, PageHeader } from '@/shared/ui/page';

export function Component() {
  return (
    <>
      <PageHeader
        title="Account overview"
        eyebrow="Account"
        lead="Your profile, sign-in method, pricing region and where to find the rest of your account."
      />
      <div className="account-sections">
        <ProfileSummary />
        <PricingRegionSetting />
        <CardGrid label="More of your account">
          <LinkCard to="/account/products" title="Products" description="What you own and how you got it." />
          <LinkCard
            to="/account/transactions"
            title="Transactions"
            description="Your payments, refunds and receipts."
          />
          <LinkCard to="/account/data" title="Your data" description="What we keep about you." />
        </CardGrid>
      </div>
    </>
  );
}
