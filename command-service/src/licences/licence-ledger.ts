import { Injectable } from '@nestjs/common';
import {
  DomainError,
  type LicenceBook,
  type LicenceChange,
  changeLicence,
  isLicenceRefusal,
  licenceStreamId,
} from '@app/contracts';
import {
  type Appended,
  type CommandContext,
  type NewEvent,
  WrongExpectedVersionError,
} from '@app/server-kit';
import { AggregateStore } from '../infrastructure/aggregate-store';
import { EventAppender, type Transaction } from '../infrastructure/event-appender';
import { licencesAggregate } from './licences.aggregate';

/**
 * How many times a licence command is decided again after another command on the same licence got
 * in first. Each conflict means another command succeeded, so a burst of N concurrent commands needs
 * at most N attempts; a refusal on the newer state ends the retries at once.
 */
const CONFLICT_ATTEMPTS = 200;

/** A licence decision: the events for the holder's stream and what to store with them. */
export type LicenceDecision = {
  events: NewEvent[];
  /** Rows written in the appending transaction (key codes, grants). */
  store?: (tx: Transaction) => Promise<void>;
};

/** The rule's refusal as the typed domain error the edge maps to a status. */
export function checkLicenceChange(book: LicenceBook, change: LicenceChange, now: Date): DomainError | null {
  const next = changeLicence(book, change, now);
  return isLicenceRefusal(next) ? new DomainError(next.code, next.message) : null;
}

/**
 * Decides licence commands on the holder's own stream: load, decide, then append with the revision read
 * and store the decision's rows in the same transaction. On a conflict the command is decided again on
 * the newer state, so concurrent keys never overdraw seats and a key is never redeemed past its uses.
 */
@Injectable()
export class LicenceLedger {
  constructor(
    private readonly aggregates: AggregateStore,
    private readonly appender: EventAppender,
  ) {}

  async decide(
    holderId: string,
    decide: (book: LicenceBook) => LicenceDecision | DomainError,
    context: CommandContext,
  ): Promise<{ appended: Appended; book: LicenceBook }> {
    const streamId = licenceStreamId(holderId);
    for (let attempt = 1; ; attempt++) {
      const { state, revision } = await this.aggregates.load(streamId, licencesAggregate);
      const decision = decide(state);
      if (decision instanceof DomainError) throw decision;
      if (decision.events.length === 0)
        return { appended: await this.appender.appendedOrHead(), book: state };
      try {
        const appended = await this.appender.transaction(async (tx) => {
          const result = await tx.append(streamId, decision.events, {
            expectedState: revision < 0 ? 'no_stream' : revision,
            actor: context.actor,
            correlationId: context.correlationId,
          });
          await decision.store?.(tx);
          return result;
        });
        return { appended, book: state };
      } catch (error) {
        if (attempt >= CONFLICT_ATTEMPTS || !(await this.lostRace(error, streamId, revision))) throw error;
      }
    }
  }

  /**
   * Whether a failed append lost a race on the stream. Inside a transaction the unique index's
   * violation aborts it before the store can name the conflict, so the stream's head is read again:
   * moved past the revision decided on, another command got in first.
   */
  private async lostRace(error: unknown, streamId: string, revision: number): Promise<boolean> {
    if (error instanceof WrongExpectedVersionError) return true;
    if (error instanceof DomainError) return false;
    const { revision: now } = await this.aggregates.load(streamId, licencesAggregate);
    return now !== revision;
  }
}
