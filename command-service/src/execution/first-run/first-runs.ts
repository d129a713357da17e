import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { type Principal, firstRunStreamId } from '@app/contracts';
import { LOGGER, WrongExpectedVersionError, actorOf } from '@app/server-kit';
import { EventAppender } from '../../infrastructure/event-appender';
import { type CodeRun, decideFirstRun } from './decide-first-run';

/** Learners remembered as having run code; past this many the memory starts over (it only saves appends). */
const REMEMBERED = 100_000;

/**
 * Records each learner's first run. The learner's first-run stream is the state: the append expects no
 * stream, so of two first runs at once (or in two processes) one is kept and the other is refused by
 * the store, and a learner this process has seen run appends nothing again.
 */
@Injectable()
export class FirstRuns {
  private readonly recorded = new Set<string>();

  constructor(
    private readonly appender: EventAppender,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Never fails the run it follows: a first run that cannot be recorded is logged. */
  async record(principal: Principal, run: Omit<CodeRun, 'userId'>): Promise<void> {
    if (principal.kind !== 'user' || this.recorded.has(principal.userId)) return;
    const events = decideFirstRun({ recorded: false }, { ...run, userId: principal.userId });
    try {
      await this.appender.append(firstRunStreamId(principal.userId), events, {
        expectedState: 'no_stream',
        actor: actorOf(principal),
        correlationId: randomUUID(),
      });
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) {
        this.logger.warn({ err: error, userId: principal.userId }, 'first run not recorded');
        return;
      }
    }
    if (this.recorded.size >= REMEMBERED) this.recorded.clear();
    this.recorded.add(principal.userId);
  }
}
