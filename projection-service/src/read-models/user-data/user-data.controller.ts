import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import {
  type Principal,
  type ProblemProductId,
  type UserDataDocument,
  getUserData,
  keysNeededFor,
  migrateUserDataOnRead,
  selectByFetchMap,
} from '@app/contracts';
import {
  type CallInput,
  ContractRoute,
  CurrentPrincipal,
  ValidatedInput,
  requireUser,
  PG_POOL,
  type HttpRequest,
  type HttpResponse,
} from '@app/server-kit';
import { ReadYourWrites } from '../../infrastructure/read-your-writes';
import { userDataProjection } from './user-data.projection';

/** Every product's saved data of one learner, as user-data/get reads it (old data migrated on the way out). */
export async function readUserDataDocuments(
  db: Pool | PoolClient,
  userId: string,
): Promise<Record<string, UserDataDocument>> {
  const { rows } = await db.query<{ product: ProblemProductId; document: UserDataDocument }>(
    'SELECT product, document FROM rm_user_data WHERE user_id = $1 ORDER BY product',
    [userId],
  );
  return Object.fromEntries(
    rows.map((row) => [row.product, migrateUserDataOnRead(row.product, row.document)]),
  );
}

@Controller()
export class UserDataController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  /**
   * user-data/get (spec 7): the parts of the signed-in learner's own data for the path's product that
   * the fetch map selects, old algorithms data migrated on the way out (never in the store). Only the
   * top-level keys the map (and the migration) needs leave the database.
   */
  @ContractRoute(getUserData)
  async get(
    @ValidatedInput() { input, params }: CallInput<typeof getUserData>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const user = requireUser(principal);
    await this.readYourWrites.ensure(request, response, [userDataProjection.name]);
    const keys = keysNeededFor(params.product, input.fetchMap);
    if (keys.length === 0) return {};
    const { rows } = await this.pool.query<{ part: UserDataDocument | null }>(
      `SELECT (SELECT jsonb_object_agg(k, document -> k) FROM unnest($3::text[]) AS k WHERE document ? k) AS part
         FROM rm_user_data WHERE user_id = $1 AND product = $2`,
      [user.userId, params.product, keys],
    );
    const stored = rows[0]?.part ?? {};
    return selectByFetchMap(migrateUserDataOnRead(params.product, stored), input.fetchMap);
  }
}
