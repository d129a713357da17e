import { SignInGate } from '@/features/auth/components/sign-in-gate';
import { ComingPanel, PageHeader } from '@/shared/ui/page';

export function Component() {
  return (
    <>
      <PageHeader
        title="Your products"
        eyebrow="Account"
        lead="Every product you own and how you got it."
        crumbs={[{ label: 'Account', to: '/account/overview' }]}
      />
      <SignInGate reason="Log in to see your products.">
        <ComingPanel title="Product access arrives soon">
          <p>Each product with its access dates, from a purchase, a licence key or a bundle.</p>
        </ComingPanel>
      </SignInGate>
    </>
  );
}
