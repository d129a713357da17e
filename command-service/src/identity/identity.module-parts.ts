import type { Provider } from '@nestjs/common';
import type { CommandServiceConfig } from '../infrastructure/config';
import { CONFIG } from '@app/server-kit';
import { OAuthProviders } from './oauth/oauth-providers';
import { OAUTH_PROVIDERS } from './identity.tokens';
import { SignInController } from './sign-in/sign-in.controller';
import { SignInRateLimiter } from './sign-in/sign-in-guards';
import { SignInHandler } from './sign-in/sign-in.handler';
import { TokensController } from './tokens/tokens.controller';
import { UserInfoController } from './user-info/user-info.controller';
import { UsernameController } from './username/username.controller';
import { RolesController } from './roles/roles.controller';
import { ScreenLeaseController } from './screen-lease/screen-lease.controller';
import { WipeAccountController } from './wipe-account/wipe-account.controller';
import { WipeAccountHandler } from './wipe-account/wipe-account.handler';
import { ChangeRoleHandler } from './roles/change-role/change-role.handler';
import { RevokeUserSessionsHandler } from './roles/revoke-user-sessions/revoke-user-sessions.handler';
import { RefreshTokenHandler } from './tokens/refresh-token/refresh-token.handler';
import { SignOutHandler } from './tokens/sign-out/sign-out.handler';
import { SetUsernameHandler } from './username/set-username.handler';
import { AcquireScreenLeaseHandler } from './screen-lease/acquire-screen-lease.handler';

/** Identity's controllers and providers, listed by role for the app module. */
export const identityControllers = [
  SignInController,
  TokensController,
  UserInfoController,
  UsernameController,
  RolesController,
  ScreenLeaseController,
  WipeAccountController,
];

export const identityProviders: Provider[] = [
  SignInHandler,
  SignInRateLimiter,
  ChangeRoleHandler,
  RevokeUserSessionsHandler,
  RefreshTokenHandler,
  SignOutHandler,
  SetUsernameHandler,
  AcquireScreenLeaseHandler,
  WipeAccountHandler,
  {
    provide: OAUTH_PROVIDERS,
    inject: [CONFIG],
    useFactory: (config: CommandServiceConfig) => OAuthProviders.fromEnv(config.env, config.publicUrl),
  },
];
