import { Link } from 'react-router-dom';
import { BundleCard } from '@/shared/catalog/bundle-card';
import { bundles, type Bundle } from '@/shared/catalog/bundles';
import './catalog.css';

type BundleCatalogProps = { highlight?: string; headingLevel?: 2 | 3 };

/** The bundle catalogue of spec 1: every bundle with its features, products and label; no prices. */
export function BundleCatalog({ highlight, headingLevel = 2 }: BundleCatalogProps) {
  return (
    <ul className="bundle-grid" aria-label="Bundles">
      {bundles.map((bundle) => (
        <CatalogBundleCard
          key={bundle.id}
          bundle={bundle}
          headingLevel={headingLevel}
          isHighlighted={bundle.id === highlight}
        />
      ))}
    </ul>
  );
}

type CatalogBundleCardProps = { bundle: Bundle; headingLevel: 2 | 3; isHighlighted?: boolean };

/** A bundle card whose action leads to /purchase, where the bundle is priced. */
export function CatalogBundleCard({ bundle, headingLevel, isHighlighted = false }: CatalogBundleCardProps) {
  return (
    <BundleCard bundle={bundle} headingLevel={headingLevel} isHighlighted={isHighlighted}>
      <Link
        to={`/purchase?offering=${encodeURIComponent(bundle.id)}`}
        className="button button--primary bundle-card__cta"
        aria-label={`Choose the ${bundle.title}`}
      >
        Choose
      </Link>
    </BundleCard>
  );
}
