import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Pool } from 'pg';
import { type Principal, getCharges, getSubscriptions } from '@app/contracts';
import { CurrentPrincipal, ContractRoute, PG_POOL } from '@app/server-kit';
import { ReadYourWrites } from '../../infrastructure/read-your-writes';
import { billingProjection } from './billing.projection';

/** The caller's own subscriptions and charges; anonymous visitors (everyone asks at startup) get none. */
@Controller()
export class BillingController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  @ContractRoute(getSubscriptions)
  async subscriptions(
    @CurrentPrincipal() principal: Principal,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    if (principal.kind !== 'user') return { subscriptions: [] };
    await this.readYourWrites.ensure(request, response, [billingProjection.name]);
    const { rows } = await this.pool.query<{ product: string; status: string }>(
      'SELECT product, status FROM rm_subscriptions WHERE user_id = $1 ORDER BY changed_at, product',
      [principal.userId],
    );
    return { subscriptions: rows };
  }

  @ContractRoute(getCharges)
  async charges(
    @CurrentPrincipal() principal: Principal,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    // Team licences are not sold yet, so licenseCharges stays empty.
    if (principal.kind !== 'user') return { charges: [], licenseCharges: [] };
    await this.readYourWrites.ensure(request, response, [billingProjection.name]);
    const { rows } = await this.pool.query<{
      charge_id: string;
      amount: string;
      currency: string;
      products: string[];
      paid_at: Date;
      amount_refunded: string;
    }>(
      'SELECT charge_id, amount, currency, products, paid_at, amount_refunded FROM rm_charges WHERE user_id = $1 ORDER BY paid_at DESC',
      [principal.userId],
    );
    return {
      charges: rows.map((r) => ({
        id: r.charge_id,
        amount: Number(r.amount),
        currency: r.currency,
        products: r.products,
        createdAt: r.paid_at.toISOString(),
        amountRefunded: Number(r.amount_refunded),
      })),
      licenseCharges: [],
    };
  }
}
