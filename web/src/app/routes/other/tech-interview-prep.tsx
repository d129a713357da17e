import { Link } from 'react-router-dom';
import { BundleCatalog } from '@/features/catalog/components/bundle-catalog';
import { bundles, interviewBundleId } from '@/shared/catalog/bundles';
import { products } from '@/shared/catalog/products';
import { LinkButton } from '@/shared/ui/button';

/** The interview bundle's product page (spec 2, Other). */
export function Component() {
  const bundle = bundles.find((entry) => entry.id === interviewBundleId)!;
  return (
    <article className="product-page" data-bundle={bundle.id}>
      <title>{`${bundle.title} · Interview Prep`}</title>
      <section className="product-hero" aria-labelledby="bundle-heading">
        <p className="product-hero__eyebrow">Bundle</p>
        <h1 id="bundle-heading">{bundle.title}</h1>
        <p className="product-hero__pitch">
          Prepare for every round of a tech interview:{' '}
          {bundle.products.map((id) => products[id].name).join(', ')}.
        </p>
        <div className="product-hero__actions">
          <LinkButton to="/purchase" className="button--on-theme">
            Get the bundle
          </LinkButton>
        </div>
      </section>
      <section className="product-section" aria-labelledby="included-heading">
        <h2 id="included-heading">What is included</h2>
        <ul className="card-grid">
          {bundle.products.map((id) => (
            <li key={id} className="link-card">
              <Link to={products[id].productPath} className="link-card__link">
                <span className="link-card__title">{products[id].name}</span>
                <span className="link-card__description">{products[id].pitch}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section className="product-section" aria-labelledby="other-bundles-heading">
        <h2 id="other-bundles-heading">Every bundle</h2>
        <BundleCatalog highlight={bundle.id} headingLevel={3} />
      </section>
    </article>
  );
}
