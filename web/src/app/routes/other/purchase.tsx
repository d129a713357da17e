import { PurchasePage } from '@/features/commerce/components/purchase-page';

export function Component() {
  return <PurchasePage />;
}
