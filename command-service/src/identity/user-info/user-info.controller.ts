import { Controller, Inject } from '@nestjs/common';
import type { Pool } from 'pg';
import {
  type OAuthProvider,
  type Principal,
  type Role,
  type UserInfo,
  getUserInfo,
  DomainError,
} from '@app/contracts';
import {
  type CallInput,
  ContractRoute,
  CurrentPrincipal,
  ValidatedInput,
  requireUser,
  PG_POOL,
} from '@app/server-kit';

type Row = {
  user_id: string;
  provider: OAuthProvider;
  provider_user_id: string;
  email: string | null;
  name: string | null;
  avatar_url: string | null;
  username: string | null;
  region: string | null;
  roles: Role[];
};

/** Spec 3, User info. Read from the identity tables: it is the only place personal data lives. */
@Controller()
export class UserInfoController {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  @ContractRoute(getUserInfo)
  async get(
    @ValidatedInput() _: CallInput<typeof getUserInfo>,
    @CurrentPrincipal() principal: Principal,
  ): Promise<UserInfo> {
    const user = requireUser(principal);
    const { rows } = await this.pool.query<Row>(
      `SELECT u.user_id, p.provider, p.provider_user_id, p.email, p.name, p.avatar_url, p.username, p.region,
              u.roles
         FROM identity_users u JOIN identity_profiles p USING (user_id)
        WHERE u.user_id = $1 AND u.wiped_at IS NULL`,
      [user.userId],
    );
    const row = rows[0];
    if (!row) throw new DomainError('INVALID_TOKEN', 'The account no longer exists; sign in again.');
    return {
      avatarUrl: row.avatar_url,
      email: row.email,
      name: row.name,
      username: row.username,
      oauthProvider: row.provider,
      oauthUserId: row.provider_user_id,
      region: row.region,
      roles: row.roles,
      subject: row.user_id,
      // No experiments run yet; the shape is experiment name to variant.
      abTesting: {},
      status: 'active',
    };
  }
}
