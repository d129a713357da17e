import { useMemo } from 'react';
import { type ProductId, getChargesRoute, getSubscriptionsRoute, ownedProducts } from '@app/contracts';
import { api } from '@/shared/api/api-slice';
import { contractQuery } from '@/shared/api/contract-endpoint';
import { useCurrentUser } from '@/shared/auth/session';
import { useAppSelector, type AppThunk } from '@/shared/lib/store';
import { selectIsSignedIn } from '@/shared/auth/session-slice';

/** Local-storage flag of spec 9: this browser's user has paid at least once. */
export const CUSTOMER_FLAG_KEY = 'ae_is_customer';

// Routes, not calls: the shell asks for these at startup, before zod and the schemas load.
export const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSubscriptions: contractQuery(build, getSubscriptionsRoute, { providesTags: ['Billing'] }),
    getCharges: contractQuery(build, getChargesRoute, { providesTags: ['Billing'] }),
  }),
});

/**
 * Startup calls of spec 7 beside the roles refresh: subscriptions and charges. Both answer empty for
 * anonymous visitors, so only a signed-in page asks. When there are charges, the follow-up flags the
 * user as a customer in local storage (spec 9). The answers stay cached for the session's pages.
 */
export function loadBillingAtStartup(): AppThunk<Promise<void>> {
  return async (dispatch) => {
    void dispatch(billingApi.endpoints.getSubscriptions.initiate());
    const charges = await dispatch(billingApi.endpoints.getCharges.initiate());
    const reply = charges.data;
    if (reply && (reply.charges.length > 0 || reply.licenseCharges.length > 0)) flagAsCustomer();
  };
}

function flagAsCustomer() {
  try {
    window.localStorage.setItem(CUSTOMER_FLAG_KEY, 'true');
  } catch {
    // Without storage the flag is simply not kept.
  }
}

/** The signed-in user's subscriptions (none while signed out). */
export function useSubscriptions() {
  const isSignedIn = useAppSelector(selectIsSignedIn);
  return billingApi.useGetSubscriptionsQuery(undefined, { skip: !isSignedIn });
}

export function useCharges() {
  const isSignedIn = useAppSelector(selectIsSignedIn);
  return billingApi.useGetChargesQuery(undefined, { skip: !isSignedIn });
}

/**
 * Owned products (spec 6): roles plus active subscriptions. Undefined while either is loading for a
 * signed-in user, so nothing decides on half the answer; empty when signed out.
 */
export function useOwnedProducts(): ProductId[] | undefined {
  const isSignedIn = useAppSelector(selectIsSignedIn);
  const { data: user, isError: userFailed } = useCurrentUser();
  const { data: subscriptions, isError: subscriptionsFailed } = useSubscriptions();
  const isKnown = Boolean((user || userFailed) && (subscriptions || subscriptionsFailed));
  // One array per answer, so effects that depend on it run when ownership changes, not every render.
  return useMemo(() => {
    if (!isSignedIn) return [];
    if (!isKnown) return undefined;
    const active = (subscriptions?.subscriptions ?? [])
      .filter((s) => s.status === 'active')
      .map((s) => s.product);
    return ownedProducts(user?.roles ?? [], active);
  }, [isSignedIn, isKnown, user, subscriptions]);
}
