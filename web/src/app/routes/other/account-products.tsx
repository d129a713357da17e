import { SignInGate } from '@/features/auth/components/sign-in-gate';
import { OwnedProducts } from '@/features/account/components/owned-products';
import { PageHeader } from '@/shared/ui/page';

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
        <OwnedProducts />
      </SignInGate>
    </>
  );
}
