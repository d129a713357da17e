import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type UserDataDocument, applyUserDataSet, userDataStreamId, DomainError } from '@app/contracts';
import { PgEventStore, WrongExpectedVersionError } from '@app/server-kit';
import { type Appended, EventAppender, type Transaction } from '../../infrastructure/event-appender';
import { decideSetUserData } from '../user-data';
import { SetUserDataCommand } from './set-user-data.command';

/** Attempts of one set when another append to its stream got in first (none should, see below). */
const MAX_ATTEMPTS = 5;

/**
 * Saves part of a learner's data for one product. In one transaction: lock the learner's row of
 * user_data_documents (concurrent sets of one learner queue here, so each merges onto the one before
 * it), fold any UserDataSet the row has not seen yet (the stream is the truth; the row is its fold),
 * decide, append with the row's revision expected, write the merged document back. The expected
 * revision keeps the row and the stream in step should anything else ever append to the stream: the
 * loser rolls back and tries again on top.
 */
@CommandHandler(SetUserDataCommand)
export class SetUserDataHandler implements ICommandHandler<SetUserDataCommand, Appended> {
  constructor(private readonly appender: EventAppender) {}

  async execute(command: SetUserDataCommand): Promise<Appended> {
    for (let attempt = 1; ; attempt++) {
      try {
        const appended = await this.appender.transaction((tx) => this.setOnce(tx, command));
        return await this.appender.appendedOrHead(appended);
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError) || attempt >= MAX_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
      }
    }
  }

  private async setOnce(tx: Transaction, command: SetUserDataCommand): Promise<Appended | undefined> {
    const { userId, product } = command.request;
    const streamId = userDataStreamId(product, userId);
    // Shares the lock the account wipe takes to update this row: a set that passed authentication
    // just before a wipe either commits before it (and the wipe deletes its row) or sees it and stops.
    const account = await tx.client.query<{ wiped_at: Date | null }>(
      'SELECT wiped_at FROM identity_users WHERE user_id = $1 FOR SHARE',
      [userId],
    );
    if (account.rows[0]?.wiped_at) {
      throw new DomainError('INVALID_TOKEN', 'The token is not valid; sign in again.');
    }
    await tx.client.query(
      `INSERT INTO user_data_documents (user_id, product, document, revision) VALUES ($1, $2, '{}', -1)
       ON CONFLICT DO NOTHING`,
      [userId, product],
    );
    const { rows } = await tx.client.query<{ document: UserDataDocument; revision: string }>(
      'SELECT document, revision FROM user_data_documents WHERE user_id = $1 AND product = $2 FOR UPDATE',
      [userId, product],
    );
    let document = rows[0].document;
    let revision = Number(rows[0].revision);
    const unseen = await new PgEventStore(tx.client).readStream(streamId, {
      fromRevision: revision + 1,
      maxCount: Number.MAX_SAFE_INTEGER,
    });
    for (const event of unseen) {
      if (event.type === 'UserDataSet') {
        document = applyUserDataSet(document, event.data);
      }
      revision = event.revision;
    }

    const decision = decideSetUserData(document, command.request);
    if (decision.outcome === 'refused') {
      const { code, message, path } = decision.refusal;
      throw path
        ? new DomainError(code, `The request is not valid: ${path}: ${message}`, [{ path, message }])
        : new DomainError(code, message);
    }
    if (decision.outcome === 'unchanged' && unseen.length === 0) return undefined;
    const appended =
      decision.outcome === 'set'
        ? await tx.append(streamId, decision.events, {
            expectedState: revision < 0 ? 'no_stream' : revision,
            actor: command.context.actor,
            correlationId: command.context.correlationId,
          })
        : undefined;
    await tx.client.query(
      `UPDATE user_data_documents SET document = $3::jsonb, revision = $4, updated_at = now()
        WHERE user_id = $1 AND product = $2`,
      [
        userId,
        product,
        JSON.stringify(decision.outcome === 'set' ? decision.document : document),
        decision.outcome === 'set' ? revision + 1 : revision,
      ],
    );
    return appended;
  }
}
