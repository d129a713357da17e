import { ProductPage } from '@/features/catalog/components/product-page';

export function Component() {
  return <ProductPage productId="mlexpert" />;
}
