import { BundleCatalog } from '@/features/catalog/components/bundle-catalog';
import { navigationProducts } from '@/shared/catalog/products';
import { PageHeader } from '@/shared/ui/page';
import { Link } from 'react-router-dom';

/** The purchase page: single products and the bundle catalogue (spec 1). */
export function Component() {
  return (
    <>
      <PageHeader
        title="Purchase"
        eyebrow="Products and bundles"
        lead="Buy one product, or save with a bundle. Checkout opens here soon; until then, this is what you can get."
      />
      <section className="product-section" aria-labelledby="single-heading">
        <h2 id="single-heading">Single products</h2>
        <ul className="pill-list">
          {navigationProducts.map((product) => (
            <li key={product.id}>
              {product.isExternal ? (
                <a href={product.productPath} target="_blank" rel="noopener noreferrer">
                  {product.name}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              ) : (
                <Link to={product.productPath}>{product.name}</Link>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section className="product-section" aria-labelledby="bundles-heading">
        <h2 id="bundles-heading">Bundles</h2>
        <BundleCatalog headingLevel={3} />
      </section>
    </>
  );
}
