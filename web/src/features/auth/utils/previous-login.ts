import { signInDialogTexts, signInProviderLabels, type OAuthProvider, type ProductId } from '@app/contracts';
import { productIndex } from '@/shared/catalog/product-index';

const PREVIOUS_LOGIN_KEY = 'ae_previous_login';
/** The fake provider is offered as "Developer sign-in" (local runs and tests): named so in the hint. */
const DEVELOPER_PROVIDER_LABEL = 'Developer';

type PreviousLogin = { provider: OAuthProvider; products: string[] };

/** Remembers which provider the last account used and which products it had (spec 2, Sign-in dialog). */
export function rememberPreviousLogin(provider: OAuthProvider, products: readonly ProductId[]) {
  const owned = products.map((product) => productIndex[product].name);
  try {
    window.localStorage.setItem(
      PREVIOUS_LOGIN_KEY,
      JSON.stringify({ provider, products: owned } satisfies PreviousLogin),
    );
  } catch {
    // Without storage there is no hint next time.
  }
}

/** 'You've previously logged in on a GitHub account that has access to AlgoExpert and SystemsExpert.' */
export function previousLoginHint(): string | null {
  let saved: Partial<PreviousLogin> | null = null;
  try {
    saved = JSON.parse(
      window.localStorage.getItem(PREVIOUS_LOGIN_KEY) ?? 'null',
    ) as Partial<PreviousLogin> | null;
  } catch {
    return null;
  }
  if (
    !saved ||
    typeof saved.provider !== 'string' ||
    !Array.isArray(saved.products) ||
    saved.products.length === 0
  ) {
    return null;
  }
  const label =
    saved.provider === 'fake'
      ? DEVELOPER_PROVIDER_LABEL
      : saved.provider in signInProviderLabels
        ? signInProviderLabels[saved.provider as keyof typeof signInProviderLabels]
        : saved.provider.charAt(0).toUpperCase() + saved.provider.slice(1);
  return signInDialogTexts.previousProviderHint
    .replace('{provider}', label)
    .replace('{products}', joinNames(saved.products.map(String)));
}

function joinNames(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
