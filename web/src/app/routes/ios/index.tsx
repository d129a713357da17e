import { ProductIndex } from '@/features/catalog/components/product-index';

export function Component() {
  return <ProductIndex productId="iosexpert" />;
}
