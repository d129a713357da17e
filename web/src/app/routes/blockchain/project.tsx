import { useParams } from 'react-router-dom';
import { products, titleFromSlug } from '@/shared/catalog/products';
import { ComingPanel, PageHeader } from '@/shared/ui/page';

export function Component() {
  const { projectId = '' } = useParams();
  const product = products.blockchainexpert;
  return (
    <>
      <PageHeader
        title={titleFromSlug(projectId)}
        eyebrow="Blockchain project"
        crumbs={[
          { label: product.name, to: product.productPath },
          { label: 'Index', to: '/blockchain/index' },
        ]}
      />
      <ComingPanel title="This project is being prepared">
        <p>
          Each project is a small application built step by step: a contract, its tests, and a web page that
          talks to it.
        </p>
      </ComingPanel>
    </>
  );
}
