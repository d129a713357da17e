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
      <OwnedProducts />
    </>
  );
}
