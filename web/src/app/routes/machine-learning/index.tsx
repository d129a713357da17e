import { ProductIndex } from '@/features/catalog/components/product-index';
import { Glossary } from '@/features/glossary/components/glossary';
import { ProgressSummary } from '@/features/progress/components/progress-summary';

export function Component() {
  return (
    <>
      <ProductIndex productId="mlexpert" summary={<ProgressSummary product="mlexpert" />} />
      <Glossary product="mlexpert" />
    </>
  );
}
