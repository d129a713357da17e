import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Pool } from 'pg';
import { productIds, productOwnership, getUserAccess, DomainError } from '@app/contracts';
import {
  type CallInput,
  ContractRoute,
  ValidatedInput,
  PG_POOL,
  type HttpRequest,
  type HttpResponse,
} from '@app/server-kit';
import { ReadYourWrites } from '../../infrastructure/read-your-writes';
import { fromRow, productsAt, userAccessProjection } from './user-access.projection';

@Controller()
export class UserAccessController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  @ContractRoute(getUserAccess)
  async get(
    @ValidatedInput() { params }: CallInput<typeof getUserAccess>,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    await this.readYourWrites.ensure(request, response, [userAccessProjection.name]);
    const { rows } = await this.pool.query('SELECT * FROM rm_user_access WHERE user_id = $1', [
      params.userId,
    ]);
    if (!rows[0]) throw new DomainError('NOT_FOUND', 'No account has this user id (or it was wiped).');
    const access = fromRow(rows[0]);
    // The grants count in `products` while they last; the answer keeps its shape.
    const { licenceGrants: _grants, ...answer } = access;
    return { ...answer, products: productsAt(access, new Date()) };
  }

  @ContractRoute(productOwnership)
  async owners(
    @ValidatedInput() _: CallInput<typeof productOwnership>,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    await this.readYourWrites.ensure(request, response, [userAccessProjection.name]);
    const { rows } = await this.pool.query<{ product: string; owners: string }>(
      // Licence grants count while their licence year lasts.
      `SELECT p AS product, count(DISTINCT user_id) AS owners
         FROM (SELECT user_id, unnest(products) AS p FROM rm_user_access
               UNION ALL
               SELECT user_id, g.key FROM rm_user_access, jsonb_each_text(licence_grants) AS g
                WHERE g.value::timestamptz > now()) AS owned
        GROUP BY p`,
    );
    const total = await this.pool.query<{ count: string }>('SELECT count(*) FROM rm_user_access');
    const counts = new Map(rows.map((r) => [r.product, Number(r.owners)]));
    return {
      owners: Object.fromEntries(productIds.map((p) => [p, counts.get(p) ?? 0])),
      accounts: Number(total.rows[0].count),
    };
  }
}
