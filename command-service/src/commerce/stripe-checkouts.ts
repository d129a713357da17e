import { Inject, Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import { DomainError } from '@app/contracts';
import { CONFIG } from '@app/server-kit';
import type { CommandServiceConfig, StripeApiConfig } from '../infrastructure/config';

/** What a checkout session is opened with: one line for the whole offering, priced by the platform. */
export type CheckoutSessionRequest = {
  userId: string;
  /** Shown on the payment page. */
  title: string;
  amount: number;
  currency: string;
  metadata: {
    /** 'licence' for team licence seats (fulfilled as a licence); absent for a personal purchase. */
    kind?: 'licence';
    /** Seats of each product, for a licence. */
    seats?: string;
    products: string;
    priceVersion: string;
    offering: string;
    affiliateCode: string;
    promocode: string;
  };
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
};

/**
 * The `stripe` package, the platform's one way to Stripe's API: Stripe itself with STRIPE_SECRET_KEY,
 * or, outside production, a local server speaking Stripe's API (stripe-mock at STRIPE_API_BASE).
 */
@Injectable()
export class StripeCheckouts {
  private readonly client: Stripe | undefined;

  constructor(@Inject(CONFIG) config: CommandServiceConfig) {
    this.client = config.stripe && stripeClient(config.stripe);
  }

  /** Opens a Checkout Session; answers its id and Stripe's hosted payment url. */
  async create(request: CheckoutSessionRequest): Promise<{ sessionId: string; url: string | null }> {
    const api = this.api();
    const session = await providerCall(() =>
      api.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: request.userId,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency,
                unit_amount: request.amount,
                product_data: { name: request.title },
              },
            },
          ],
          metadata: request.metadata,
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          expires_at: Math.floor(request.expiresAt.getTime() / 1000),
        },
        { maxNetworkRetries: 2 },
      ),
    );
    return { sessionId: session.id, url: session.url };
  }

  /** Ends an unpaid session (Stripe then sends `checkout.session.expired`). */
  async expire(sessionId: string): Promise<void> {
    const api = this.api();
    await providerCall(() => api.checkout.sessions.expire(sessionId, {}, { maxNetworkRetries: 2 }));
  }

  private api(): Stripe {
    if (!this.client) {
      throw new DomainError(
        'BILLING_NOT_CONFIGURED',
        'Payments are not set up here: set STRIPE_SECRET_KEY, or STRIPE_API_BASE outside production.',
      );
    }
    return this.client;
  }
}

/** Stripe's refusals and network failures as the typed CHECKOUT_PROVIDER_FAILED (502). */
async function providerCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    throw new DomainError('CHECKOUT_PROVIDER_FAILED', `Stripe did not open the checkout: ${error.message}`);
  }
}

function stripeClient({ secretKey, apiBase }: StripeApiConfig): Stripe {
  if (!apiBase) return new Stripe(secretKey, { timeout: 20_000 });
  const protocol = apiBase.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(secretKey, {
    host: apiBase.hostname,
    port: Number(apiBase.port || (protocol === 'http' ? 80 : 443)),
    protocol,
    timeout: 20_000,
  });
}
