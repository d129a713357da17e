import { ProductIndex } from '@/features/catalog/components/product-index';
import { ProgressSummary } from '@/features/progress/components/progress-summary';

export function Component() {
  return (
    <ProductIndex productId="blockchainexpert" summary={<ProgressSummary product="blockchainexpert" />} />
  );
}
