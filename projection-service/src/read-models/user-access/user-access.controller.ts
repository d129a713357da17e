import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Pool } from 'pg';
import { productIds, productOwnership, getUserAccess, DomainError } from '@app/contracts';
import { type CallInput, ContractRoute, ValidatedInput, PG_POOL } from '@app/server-kit';
import { ReadYourWrites } from '../../infrastructure/read-your-writes';
import { fromRow, productsOf, userAccessProjection } from './user-access.projection';

@Controller()
export class UserAccessController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  @ContractRoute(getUserAccess)
  async get(
    @ValidatedInput() { params }: CallInput<typeof getUserAccess>,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    await this.readYourWrites.ensure(request, response, [userAccessProjection.name]);
    const { rows } = await this.pool.query('SELECT * FROM rm_user_access WHERE user_id = $1', [
      params.userId,
    ]);
    if (!rows[0]) throw new DomainError('NOT_FOUND', 'No account has this user id (or it was wiped).');
    const access = fromRow(rows[0]);
    return { ...access, products: productsOf(access) };
  }

  @ContractRoute(productOwnership)
  async owners(
    @ValidatedInput() _: CallInput<typeof productOwnership>,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    await this.readYourWrites.ensure(request, response, [userAccessProjection.name]);
    const { rows } = await this.pool.query<{ product: string; owners: string }>(
      'SELECT p AS product, count(*) AS owners FROM rm_user_access, unnest(products) AS p GROUP BY p',
    );
    const total = await this.pool.query<{ count: string }>('SELECT count(*) FROM rm_user_access');
    const counts = new Map(rows.map((r) => [r.product, Number(r.owners)]));
    return {
      owners: Object.fromEntries(productIds.map((p) => [p, counts.get(p) ?? 0])),
      accounts: Number(total.rows[0].count),
    };
  }
}
