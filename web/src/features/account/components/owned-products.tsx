import { ALL_ACCESS, productIds, productRoles, type ProductId } from '@app/contracts';
import { productIndex } from '@/shared/catalog/product-index';
import { useCurrentUser } from '@/shared/auth/session';
import { useOwnedProducts, useSubscriptions } from '@/shared/billing/billing-api';
import { Loader } from '@/shared/ui/loader';
import { LinkButton } from '@/shared/ui/button';
import './account.css';

type Source = 'purchase' | 'bundle' | 'grant' | 'staff';
const sourceLabels: Record<Source, string> = {
  purchase: 'Purchased',
  bundle: 'All-access bundle',
  grant: 'Granted to your account',
  staff: 'Staff access',
};

/** Every product of the catalogue (the disabled one left out) with whether and how the user owns it. */
export function OwnedProducts() {
  const { data: user } = useCurrentUser();
  const { data: subscriptions, isError } = useSubscriptions();
  const owned = useOwnedProducts();
  if (!owned) return <Loader label="Loading your products" />;
  const active = new Set(
    (subscriptions?.subscriptions ?? []).filter((s) => s.status === 'active').map((s) => s.product),
  );
  const roles = user?.roles ?? [];
  const sourceOf = (product: ProductId): Source | null => {
    if (active.has(product)) return 'purchase';
    if (roles.includes(productRoles[product])) return 'grant';
    if (active.has(ALL_ACCESS) && owned.includes(product)) return 'bundle';
    if (roles.includes('staff')) return 'staff';
    return null;
  };
  const products = productIds.filter((p) => !productIndex[p].isDisabled);
  return (
    <>
      {isError ? (
        <p className="account-note" role="status">
          Your purchases could not be loaded just now; products from purchases may be missing below.
        </p>
      ) : null}
      <ul className="account-products" aria-label="Products">
        {products.map((product) => {
          const entry = productIndex[product];
          const source = sourceOf(product);
          return (
            <li key={product} className="account-product" data-product={product} data-owned={source !== null}>
              <div>
                <h2 className="account-product__name">{entry.name}</h2>
                <p className={`account-status account-status--${source ? 'paid' : 'none'}`}>
                  {source ? sourceLabels[source] : 'Not owned'}
                </p>
              </div>
              {entry.isExternal ? (
                <a
                  className="button button--secondary"
                  href={entry.productPath}
                  target="_blank"
                  rel="noreferrer"
                >
                  Open {entry.name}
                </a>
              ) : source ? (
                <LinkButton variant="secondary" to={entry.indexPath ?? entry.productPath}>
                  Open {entry.name}
                </LinkButton>
              ) : (
                <LinkButton variant="secondary" to={entry.productPath}>
                  About {entry.name}
                </LinkButton>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
