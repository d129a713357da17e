import { Link } from 'react-router-dom';
import type { ProductId } from '@app/contracts';
import { bundlesIncluding } from '@/shared/catalog/bundles';
import { signInModalOpened } from '@/shared/auth/sign-in-modal-slice';
import { products } from '@/shared/catalog/products';
import { useCatalogueCounts } from '@/shared/catalog/use-catalogue-counts';
import { useAppDispatch } from '@/shared/lib/store';
import { Button, LinkButton } from '@/shared/ui/button';
import { CatalogBundleCard } from './bundle-catalog';
import './catalog.css';

type ProductPageProps = { productId: ProductId };

/** Above the intro video for a visitor who is not signed in (a signed-in one sees the video alone). */
const INTRO_VIDEO_SIGN_IN_TEXT = 'Log in to watch every video and save your progress.';

/** A product's page (spec 1, 2): what it teaches, its features, its parts, and the bundles holding it. */
export function ProductPage({ productId }: ProductPageProps) {
  const product = products[productId];
  const bundles = bundlesIncluding(productId).slice(0, 3);
  const dispatch = useAppDispatch();
  const counts = useCatalogueCounts(productId);

  function handleWatchIntro() {
    if (product.introVideo)
      dispatch(signInModalOpened({ text: INTRO_VIDEO_SIGN_IN_TEXT, video: product.introVideo }));
  }

  return (
    <article className="product-page" data-product={product.id}>
      <title>{`${product.name} · ${product.subject} · Interview Prep`}</title>
      <section className="product-hero" aria-labelledby="product-heading">
        <p className="product-hero__eyebrow">{product.name}</p>
        <h1 id="product-heading">{product.headline}</h1>
        <p className="product-hero__pitch">{product.pitch}</p>
        <div className="product-hero__actions">
          <LinkButton to="/purchase" className="button--on-theme">
            Get {product.name}
          </LinkButton>
          {product.introVideo ? (
            <Button variant="secondary" onClick={handleWatchIntro}>
              Watch the intro
            </Button>
          ) : null}
          {product.indexPath ? (
            <LinkButton to={product.indexPath} variant="secondary">
              Explore the content
            </LinkButton>
          ) : null}
        </div>
      </section>

      <section aria-labelledby="features-heading" className="product-section">
        <h2 id="features-heading">What you get</h2>
        <ul className="feature-list">
          {product.features.map((feature, index) => (
            <li key={index}>{typeof feature === 'string' ? feature : feature(counts)}</li>
          ))}
        </ul>
      </section>

      {product.sections.length > 0 ? (
        <section aria-labelledby="inside-heading" className="product-section">
          <h2 id="inside-heading">Inside {product.name}</h2>
          <ul className="card-grid">
            {product.sections.map((section) => (
              <li key={section.id} className="link-card">
                <Link to={section.path} className="link-card__link">
                  <span className="link-card__title">{section.title}</span>
                  <span className="link-card__description">{section.description}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {bundles.length > 0 ? (
        <section aria-labelledby="bundles-heading" className="product-section">
          <h2 id="bundles-heading">Save with a bundle</h2>
          <ul className="bundle-grid">
            {bundles.map((bundle) => (
              <CatalogBundleCard key={bundle.id} bundle={bundle} headingLevel={3} />
            ))}
          </ul>
          <p>
            <Link to="/purchase">See every bundle</Link>
          </p>
        </section>
      ) : null}
    </article>
  );
}
