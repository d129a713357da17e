import { Controller, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { type Principal, setUsername, userStreamId, DomainError } from '@app/contracts';
import {
  type CallInput,
  ContractRoute,
  CurrentPrincipal,
  ValidatedInput,
  requireUser,
  acknowledge,
  commandContext,
} from '@app/server-kit';
import { EventAppender } from '../../infrastructure/event-appender';

/** Usernames no one may take: they would pass for the platform speaking. */
const RESERVED = new Set([
  'admin',
  'administrator',
  'staff',
  'support',
  'help',
  'root',
  'system',
  'moderator',
]);

/**
 * Sets the public username. The rule (contracts, usernameSchema): 3 to 30 letters, digits, dots,
 * dashes and underscores; unique regardless of case. The unique index decides concurrent requests:
 * one wins, the other answers 409 USERNAME_TAKEN, and nothing of the loser is stored.
 */
@Controller()
export class UsernameController {
  constructor(private readonly appender: EventAppender) {}

  @ContractRoute(setUsername)
  async set(
    @ValidatedInput() { input }: CallInput<typeof setUsername>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const user = requireUser(principal);
    const username = input.username;
    if (RESERVED.has(username.toLowerCase()) && !user.roles.includes('staff')) {
      throw new DomainError('USERNAME_TAKEN', `The username "${username}" is reserved; choose another.`);
    }
    const context = commandContext(request);
    try {
      const appended = await this.appender.transaction(async (tx) => {
        await tx.client.query(
          'UPDATE identity_profiles SET username = $2, updated_at = now() WHERE user_id = $1',
          [user.userId, username],
        );
        return tx.append(
          userStreamId(user.userId),
          [{ type: 'UsernameSet', data: { userId: user.userId } }],
          {
            actor: context.actor,
            correlationId: context.correlationId,
          },
        );
      });
      return { ...acknowledge(response, appended), username };
    } catch (error) {
      if ((error as { constraint?: string }).constraint === 'identity_profiles_username_key') {
        throw new DomainError('USERNAME_TAKEN', `The username "${username}" is taken; choose another.`);
      }
      throw error;
    }
  }
}
