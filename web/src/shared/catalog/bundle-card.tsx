import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Tooltip } from '@/shared/ui/tooltip';
import type { Bundle, BundleLabel } from './bundles';
import { products } from './products';
import './bundle-card.css';

const labelExplanations: Record<BundleLabel, string> = {
  POPULAR: 'The bundle learners choose most often.',
  'BEST VALUE': 'The most products for the price.',
};

type BundleCardProps = {
  bundle: Bundle;
  headingLevel: 2 | 3;
  /** A list item inside a grid of cards, or a card on its own. */
  as?: 'li' | 'div';
  isHighlighted?: boolean;
  /** Extra attributes for the card (e.g. `data-offering` on the purchase page). */
  dataAttributes?: Record<`data-${string}`, string>;
  /** What follows the products: a link to choose it, or its price and a Buy button. */
  children: ReactNode;
};

/**
 * A bundle of spec 1 as a card: its colour theme, illustration, label (with what it means), features
 * and products (a product not enabled yet says "coming soon"); the caller adds the action.
 */
export function BundleCard({
  bundle,
  headingLevel,
  as: Tag = 'li',
  isHighlighted = false,
  dataAttributes = {},
  children,
}: BundleCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Tag
      className={isHighlighted ? 'bundle-card bundle-card--highlighted' : 'bundle-card'}
      data-theme={bundle.theme}
      data-bundle={bundle.id}
      {...dataAttributes}
    >
      <BundleIllustration kind={bundle.illustration} />
      {bundle.label ? (
        <span className="bundle-card__label-slot">
          <Tooltip content={labelExplanations[bundle.label]}>
            {(describedBy) => (
              <span className="bundle-card__label" tabIndex={0} aria-describedby={describedBy}>
                {bundle.label}
              </span>
            )}
          </Tooltip>
        </span>
      ) : null}
      <Heading className="bundle-card__title">{bundle.title}</Heading>
      <ul className="bundle-card__features">
        {bundle.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <p className="bundle-card__products-title">Includes</p>
      <ul className="bundle-card__products" aria-label={`Products in the ${bundle.title}`}>
        {bundle.products.map((productId) => {
          const product = products[productId];
          return (
            <li key={productId}>
              {product.isDisabled ? (
                <span>{product.name} (coming soon)</span>
              ) : (
                <Link to={product.productPath}>{product.name}</Link>
              )}
            </li>
          );
        })}
      </ul>
      {children}
    </Tag>
  );
}

/** Simple shapes in the bundle's colours: one per product count family. */
function BundleIllustration({ kind }: { kind: Bundle['illustration'] }) {
  return (
    <svg className="bundle-card__art" viewBox="0 0 64 40" aria-hidden="true" focusable="false">
      {kind === 'pair' ? (
        <>
          <rect x="8" y="8" width="22" height="24" rx="5" />
          <rect x="34" y="8" width="22" height="24" rx="5" opacity="0.6" />
        </>
      ) : null}
      {kind === 'stack' ? (
        <>
          <rect x="10" y="4" width="44" height="9" rx="4" />
          <rect x="10" y="15" width="44" height="9" rx="4" opacity="0.75" />
          <rect x="10" y="26" width="44" height="9" rx="4" opacity="0.5" />
        </>
      ) : null}
      {kind === 'grid' ? (
        <>
          <rect x="12" y="2" width="18" height="17" rx="4" />
          <rect x="34" y="2" width="18" height="17" rx="4" opacity="0.75" />
          <rect x="12" y="21" width="18" height="17" rx="4" opacity="0.6" />
          <rect x="34" y="21" width="18" height="17" rx="4" opacity="0.45" />
        </>
      ) : null}
      {kind === 'star' ? (
        <path d="M32 3l8 16 17 2-12 12 3 17-16-8-16 8 3-17L7 21l17-2z" transform="scale(1 0.8)" />
      ) : null}
    </svg>
  );
}
