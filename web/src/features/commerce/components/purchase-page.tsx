import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  PROMO_CODE_QUERY_PARAM,
  type OfferingsReply,
  type ProductId,
  affiliateCodeSchema,
  promoCodeSchema,
} from '@app/contracts';
import { getApiErrorMessage } from '@/shared/api/api-error';
import { signInModalOpened } from '@/shared/auth/sign-in-modal-slice';
import { selectIsSignedIn } from '@/shared/auth/session-slice';
import { useAppDispatch, useAppSelector } from '@/shared/lib/store';
import { readAffiliateCode, readPromoCode, singleParam } from '@/shared/referral/referral';
import { BundleCard } from '@/shared/catalog/bundle-card';
import { Button } from '@/shared/ui/button';
import { Loader } from '@/shared/ui/loader';
import { PageHeader } from '@/shared/ui/page';
import { useGetOfferingsQuery, usePurchaseOfferingMutation } from '../api/commerce-api';
import { bundleOf, currencyOf, namedOfferings, productName, type NamedOffering } from '../utils/offerings';
import { PriceBreakdown } from './price-breakdown';
import { PromotionNotice } from './promotion-notice';
import { RegionPicker } from './region-picker';
import './commerce.css';

/** The query parameter that keeps the visitor's choice across signing in. */
const CHOICE_PARAM = 'offering';
/** Where the confirmation page finds what was chosen, should the checkout not say. */
export const PENDING_PURCHASE_KEY = 'ae_pending_purchase';

/**
 * Spec 2 /purchase: the plans (single, double, all access) and the named bundles at the visitor's
 * region's prices, each discount line by line, a promo-code field (pre-filled by `?a=`, spec 5) and Buy.
 * A refused promo code leaves the prices showing, without it, and says why (spec 4). Buying needs an
 * account: a visitor is asked to sign in and finds the same choice afterwards.
 */
export function PurchasePage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const fromUrl = singleParam(searchParams, PROMO_CODE_QUERY_PARAM);
  const [promoInput, setPromoInput] = useState(() => fromUrl ?? readPromoCode() ?? '');
  const [appliedCode, setAppliedCode] = useState<string | null>(() => fromUrl ?? readPromoCode());
  const affiliate = useMemo(() => {
    const saved = readAffiliateCode();
    return saved && affiliateCodeSchema.safeParse(saved).success ? saved : undefined;
  }, []);

  const codeFormat = appliedCode ? promoCodeSchema.safeParse(appliedCode) : null;
  const formatRefusal = codeFormat && !codeFormat.success ? codeFormat.error.issues[0].message : null;
  const sentCode = appliedCode && !formatRefusal ? appliedCode : undefined;

  // A refused code still answers the offerings, priced without it, and says why (spec 4).
  const current = useGetOfferingsQuery({ promocode: sentCode, affiliateCode: affiliate });
  const reply = current.data;
  // Prices depend on who asks (owned products, student, new account): signing in prices them again.
  const isSignedIn = useAppSelector(selectIsSignedIn);
  const pricedFor = useRef(isSignedIn);
  const { refetch } = current;
  useEffect(() => {
    if (pricedFor.current === isSignedIn) return;
    pricedFor.current = isSignedIn;
    void refetch();
  }, [isSignedIn, refetch]);
  const refusal = formatRefusal ?? reply?.promoCodeError?.message ?? null;

  function applyCode(event: FormEvent) {
    event.preventDefault();
    const code = promoInput.trim();
    setAppliedCode(code || null);
    const next = new URLSearchParams(searchParams);
    if (code) next.set(PROMO_CODE_QUERY_PARAM, code);
    else next.delete(PROMO_CODE_QUERY_PARAM);
    setSearchParams(next, { replace: true });
  }

  return (
    <>
      <PageHeader
        title="Purchase"
        eyebrow="Plans and bundles"
        lead="Pick one product, two, every product, or a bundle. Prices are in your region's currency; every discount is listed."
      />
      <PromoCodeForm
        value={promoInput}
        onChange={setPromoInput}
        onApply={applyCode}
        applied={sentCode && !refusal && reply ? sentCode : null}
        refusal={refusal}
        isChecking={current.isFetching && Boolean(sentCode)}
      />
      {reply?.priceRegion ? (
        <RegionPicker current={reply.priceRegion} regions={reply.regions ?? []} isSignedIn={isSignedIn} />
      ) : null}
      {reply?.promotion ? (
        <PromotionNotice promotion={reply.promotion} onEnded={() => void refetch()} />
      ) : null}
      {current.isLoading || (current.isFetching && !reply) ? (
        <Loader label="Loading prices" size="large" />
      ) : current.isError || !reply ? (
        <div className="commerce-panel" role="alert">
          <p>The prices could not be loaded. {getApiErrorMessage(current.error)}</p>
          <Button variant="secondary" onClick={() => void current.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <Offerings
          reply={reply}
          promoCode={sentCode && !refusal ? sentCode : undefined}
          affiliateCode={affiliate}
          chosen={searchParams.get(CHOICE_PARAM)}
          onChoose={(key) => {
            const next = new URLSearchParams(searchParams);
            next.set(CHOICE_PARAM, key);
            setSearchParams(next, { replace: true });
          }}
        />
      )}
    </>
  );
}

type PromoCodeFormProps = {
  value: string;
  onChange: (value: string) => void;
  onApply: (event: FormEvent) => void;
  applied: string | null;
  refusal: string | null;
  isChecking: boolean;
};

function PromoCodeForm({ value, onChange, onApply, applied, refusal, isChecking }: PromoCodeFormProps) {
  const inputId = useId();
  const statusId = useId();
  return (
    <form className="promo-form" onSubmit={onApply} aria-label="Promo code">
      <label htmlFor={inputId}>Promo code</label>
      <div className="promo-form__row">
        <input
          id={inputId}
          name="promocode"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={statusId}
          aria-invalid={refusal ? true : undefined}
        />
        <Button type="submit" variant="secondary" isLoading={isChecking}>
          Apply
        </Button>
      </div>
      <p
        id={statusId}
        className="promo-form__status"
        role="status"
        data-refused={refusal ? 'true' : undefined}
      >
        {refusal
          ? `The promo code was not applied: ${refusal} Prices are shown without it.`
          : applied
            ? `Promo code ${applied} applied.`
            : ''}
      </p>
    </form>
  );
}

type OfferingsProps = {
  reply: OfferingsReply;
  promoCode: string | undefined;
  affiliateCode: string | undefined;
  chosen: string | null;
  onChoose: (key: string) => void;
};

function Offerings({ reply, promoCode, affiliateCode, chosen, onChoose }: OfferingsProps) {
  const all = namedOfferings(reply);
  const currency = currencyOf(reply);
  const singles = all.filter((o) => o.kind === 'single');
  const doubles = all.filter((o) => o.kind === 'double');
  const allAccess = all.find((o) => o.kind === 'allAccess');
  const bundles = all.filter((o) => o.kind === 'bundle');
  const chosenOffering = chosen ? all.find((o) => o.key === chosen) : undefined;
  if (all.length === 0) {
    return (
      <div className="commerce-panel">
        <h2>Nothing on sale right now</h2>
        <p>No plan or bundle can be bought at the moment. Please come back later.</p>
      </div>
    );
  }
  const buy = { reply, currency, promoCode, affiliateCode, onChoose };
  return (
    <>
      {chosenOffering ? (
        <section className="commerce-choice" aria-labelledby="choice-heading">
          <h2 id="choice-heading">Your choice</h2>
          <OfferingCard item={chosenOffering} headingLevel={3} {...buy} />
        </section>
      ) : null}
      <section className="product-section" aria-labelledby="plans-heading">
        <h2 id="plans-heading">Plans</h2>
        <ul className="offering-grid">
          {singles.length > 0 ? (
            <PickerCard title="Single Product" choices={singles} picks={1} chosen={chosen} {...buy} />
          ) : null}
          {doubles.length > 0 ? (
            <PickerCard title="Double Bundle" choices={doubles} picks={2} chosen={chosen} {...buy} />
          ) : null}
          {allAccess ? <OfferingCard item={allAccess} headingLevel={3} asListItem {...buy} /> : null}
        </ul>
      </section>
      {bundles.length > 0 ? (
        <section className="product-section" aria-labelledby="bundles-heading">
          <h2 id="bundles-heading">Bundles</h2>
          <ul className="offering-grid">
            {bundles.map((item) => (
              <OfferingCard key={item.key} item={item} headingLevel={3} asListItem {...buy} />
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

type BuyProps = {
  reply: OfferingsReply;
  currency: string;
  promoCode: string | undefined;
  affiliateCode: string | undefined;
  onChoose: (key: string) => void;
};

type PickerCardProps = BuyProps & {
  title: string;
  choices: NamedOffering[];
  picks: 1 | 2;
  chosen: string | null;
};

/** A plan with many product sets (single, double): the learner picks the products, the price follows. */
function PickerCard({ title, choices, picks, chosen, ...buy }: PickerCardProps) {
  const selectId = useId();
  const initial = choices.find((c) => c.key === chosen) ?? choices[0];
  const [key, setKey] = useState(initial.key);
  const item = choices.find((c) => c.key === key) ?? choices[0];
  return (
    <li className="offering-card" data-plan={picks === 1 ? 'single' : 'double'}>
      <h3 className="offering-card__title">{title}</h3>
      <p className="offering-card__meta">
        {picks === 1 ? 'One product of your choice.' : 'Two products of your choice.'}
      </p>
      <label htmlFor={selectId} className="offering-card__label">
        {picks === 1 ? 'Product' : 'Products'}
      </label>
      <select id={selectId} value={item.key} onChange={(event) => setKey(event.target.value)}>
        {choices.map((choice) => (
          <option key={choice.key} value={choice.key}>
            {choice.offering.products.map(productName).join(' + ')}
          </option>
        ))}
      </select>
      <PriceBreakdown offering={item.offering} currency={buy.currency} label={item.title} />
      <BuyButton item={item} {...buy} />
    </li>
  );
}

type OfferingCardProps = BuyProps & { item: NamedOffering; headingLevel: 2 | 3; asListItem?: boolean };

function OfferingCard({ item, headingLevel, asListItem = false, ...buy }: OfferingCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const Tag = asListItem ? 'li' : 'div';
  const bundle = bundleOf(item.key);
  if (bundle) {
    // A catalogue bundle keeps its look of spec 1 (colours, label, features, products) with its price.
    return (
      <BundleCard
        bundle={bundle}
        headingLevel={headingLevel}
        as={Tag}
        dataAttributes={{ 'data-offering': item.key }}
      >
        <PriceBreakdown offering={item.offering} currency={buy.currency} label={item.title} />
        <BuyButton item={item} {...buy} />
      </BundleCard>
    );
  }
  return (
    <Tag className="offering-card" data-offering={item.key}>
      <Heading className="offering-card__title">{item.title}</Heading>
      <p className="offering-card__meta">
        {item.offering.products.map((p) => productName(p as ProductId)).join(', ')}
      </p>
      <PriceBreakdown offering={item.offering} currency={buy.currency} label={item.title} />
      <BuyButton item={item} {...buy} />
    </Tag>
  );
}

function BuyButton({
  item,
  reply,
  currency,
  promoCode,
  affiliateCode,
  onChoose,
}: BuyProps & { item: NamedOffering }) {
  const isSignedIn = useAppSelector(selectIsSignedIn);
  const dispatch = useAppDispatch();
  const [purchase, state] = usePurchaseOfferingMutation();
  const [error, setError] = useState<string | null>(null);

  async function handleBuy() {
    setError(null);
    onChoose(item.key);
    if (!isSignedIn) {
      dispatch(
        signInModalOpened({ text: `Log in to buy the ${item.title}. Your choice stays on this page.` }),
      );
      return;
    }
    try {
      const answer = await purchase({
        offering: item.key,
        paymentToken: reply.paymentToken ?? undefined,
        promocode: promoCode,
        affiliateCode,
      }).unwrap();
      rememberPending(item, currency);
      window.location.assign(answer.checkoutUrl);
    } catch (caught) {
      setError(getApiErrorMessage(caught as Parameters<typeof getApiErrorMessage>[0]));
    }
  }

  return (
    <div className="offering-card__buy">
      <Button
        onClick={() => void handleBuy()}
        isLoading={state.isLoading}
        aria-label={`Buy the ${item.title}`}
      >
        Buy
      </Button>
      {error ? (
        <p className="offering-card__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** What the confirmation page shows while the payment is confirmed (this tab only). */
function rememberPending(item: NamedOffering, currency: string) {
  try {
    window.sessionStorage.setItem(
      PENDING_PURCHASE_KEY,
      JSON.stringify({
        title: item.title,
        products: item.offering.products,
        amount: item.offering.amountPer,
        currency,
      }),
    );
  } catch {
    // Without storage the confirmation page names the products from the charge alone.
  }
}
