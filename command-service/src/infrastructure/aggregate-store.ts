import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { DomainError, type RecordedEvent } from '@app/contracts';
import {
  type Appended,
  type CommandContext,
  type NewEvent,
  PG_POOL,
  PgEventStore,
  WrongExpectedVersionError,
} from '@app/server-kit';
import { EventAppender } from './event-appender';

/**
 * An aggregate as Emmett writes one: the state its decisions need, folded from its stream by a pure
 * `evolve`. `evolve` sees every event of the stream, a discriminated union: switch on `event.type`.
 */
export type Aggregate<State> = {
  readonly initialState: () => State;
  readonly evolve: (state: State, event: RecordedEvent) => State;
};

/** What a pure `decide` answers: the events to append (none: nothing to do), or a refusal. */
export type Decision = readonly NewEvent[] | DomainError;

/** A stream folded: its state and the revision it was read at (-1: no stream yet). */
export type Loaded<State> = { state: State; revision: number };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How many times a command is decided again after another append to its stream got in first. */
const CONFLICT_ATTEMPTS = 3;

/**
 * Loads aggregates from their streams and appends a decision with the revision it was read at, so
 * a concurrent command on the same stream makes one of the two decide again on the newer state.
 */
@Injectable()
export class AggregateStore {
  private readonly store: PgEventStore;

  constructor(
    private readonly appender: EventAppender,
    @Inject(PG_POOL) pool: Pool,
  ) {
    this.store = new PgEventStore(pool);
  }

  async load<State>(streamId: string, aggregate: Aggregate<State>): Promise<Loaded<State>> {
    const events = await this.store.readWholeStream(streamId);
    return {
      state: events.reduce(aggregate.evolve, aggregate.initialState()),
      revision: events.length - 1,
    };
  }

  /**
   * Load, decide, append with the revision read, and on a conflict all of it again. A refusal is
   * thrown; an empty decision appends nothing and answers the store's head.
   */
  async handle<State>(
    streamId: string,
    aggregate: Aggregate<State>,
    decide: (state: State) => Decision | Promise<Decision>,
    context: CommandContext,
    options: { attempts?: number } = {},
  ): Promise<{ appended: Appended; state: State }> {
    const attempts = options.attempts ?? CONFLICT_ATTEMPTS;
    for (let attempt = 1; ; attempt++) {
      // Streams many write at once (votes on one item) retry more: a short random pause spreads them.
      if (attempt > 1 && attempts > CONFLICT_ATTEMPTS) await pause(Math.random() * 5 * attempt);
      const { state, revision } = await this.load(streamId, aggregate);
      const decision = await decide(state);
      if (decision instanceof DomainError) throw decision;
      try {
        const appended = await this.append(streamId, decision, revision, context);
        return { appended, state };
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError) || attempt >= attempts) throw error;
      }
    }
  }

  /** Appends a decision expecting the stream at `revision` (-1: no stream); nothing to append answers the head. */
  async append(
    streamId: string,
    events: readonly NewEvent[],
    revision: number,
    context: CommandContext,
  ): Promise<Appended> {
    if (events.length === 0) return this.appender.appendedOrHead();
    return this.appender.append(streamId, events, {
      expectedState: revision < 0 ? 'no_stream' : revision,
      actor: context.actor,
      correlationId: context.correlationId,
    });
  }
}
