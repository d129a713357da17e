import { Readable } from 'node:stream';
import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Pool } from 'pg';
import {
  type HistoryEvent,
  DomainError,
  exportAccountHistory,
  getAccountAsOf,
  getAccountHistory,
  getEventCausation,
  parsePosition,
} from '@app/contracts';
import {
  type CallInput,
  ContractRoute,
  PgEventStore,
  ValidatedInput,
  PG_POOL,
  type HttpRequest,
  type HttpResponse,
} from '@app/server-kit';
import { ReadYourWrites } from '../../infrastructure/read-your-writes';
import { projections } from '..';
import { accountAsOf } from './account-as-of';
import { accountHistoryProjection } from './account-history.projection';
import { type HistoryFilter, type HistoryRow, historyQuery, toHistoryEvent } from './account-history.queries';

/** How many rows the export reads per round trip. */
const EXPORT_PAGE = 2000;
/** How far a causation chain is followed up, and how many effects or siblings are listed. */
const CHAIN_DEPTH = 20;
const RELATED_LIMIT = 200;

@Controller()
export class AccountHistoryController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  @ContractRoute(getAccountHistory)
  async history(
    @ValidatedInput() { input, params }: CallInput<typeof getAccountHistory>,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    await this.readYourWrites.ensure(request, response, [accountHistoryProjection.name]);
    const filter = filterOf(input);
    const query = historyQuery(
      params.userId,
      filter,
      input.cursor ? parsePosition(input.cursor) : undefined,
      input.limit + 1,
    );
    const { rows } = await this.pool.query<HistoryRow>(query.text, query.values);
    const events = rows.slice(0, input.limit).map(toHistoryEvent);
    return {
      events,
      nextCursor: rows.length > input.limit ? events[events.length - 1].position : null,
    };
  }

  @ContractRoute(exportAccountHistory)
  async export(
    @ValidatedInput() { input, params }: CallInput<typeof exportAccountHistory>,
    @Req() request: HttpRequest,
    @Res() response: HttpResponse,
  ) {
    await this.readYourWrites.ensure(request, response, [accountHistoryProjection.name]);
    response.status(200);
    response.header('content-type', 'application/x-ndjson; charset=utf-8');
    response.header('content-disposition', `attachment; filename="history-${params.userId}.ndjson"`);
    const filter = filterOf(input);
    const pool = this.pool;
    // Page after page as the caller reads it (the stream waits while the socket is full).
    async function* pages() {
      let after: ReturnType<typeof parsePosition>;
      for (;;) {
        const query = historyQuery(params.userId, filter, after, EXPORT_PAGE);
        const { rows } = await pool.query<HistoryRow>(query.text, query.values);
        if (rows.length > 0) {
          yield `${rows.map((row) => JSON.stringify(toHistoryEvent(row))).join('\n')}\n`;
          const last = rows[rows.length - 1];
          after = { transactionId: BigInt(last.transaction_id), position: BigInt(last.position) };
        }
        if (rows.length < EXPORT_PAGE) return;
      }
    }
    await response.send(Readable.from(pages()));
  }

  @ContractRoute(getAccountAsOf)
  async asOf(
    @ValidatedInput() { input, params }: CallInput<typeof getAccountAsOf>,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    await this.readYourWrites.ensure(request, response, [accountHistoryProjection.name]);
    // Every read model but this index itself: one projection may read another's tables.
    const replayed = projections.filter((projection) => projection !== accountHistoryProjection);
    return accountAsOf(this.pool, replayed, params.userId, parsePosition(input.position)!);
  }

  @ContractRoute(getEventCausation)
  async causation(
    @ValidatedInput() { params }: CallInput<typeof getEventCausation>,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    await this.readYourWrites.ensure(request, response, [accountHistoryProjection.name]);
    const event = await this.byEventId(params.eventId);
    if (!event) throw new DomainError('NOT_FOUND', 'No event of any account has this id.');
    const causedBy: HistoryEvent[] = [];
    let cause = event;
    while (causedBy.length < CHAIN_DEPTH && cause.causationId !== cause.eventId) {
      const next = await this.byEventId(cause.causationId);
      if (!next || causedBy.some((e) => e.eventId === next.eventId)) break;
      causedBy.push(next);
      cause = next;
    }
    const related = async (column: 'causation_id' | 'correlation_id', value: string) =>
      (
        await this.pool.query<HistoryRow>(
          `SELECT DISTINCT ON (transaction_id, position) * FROM rm_account_history
            WHERE ${column} = $1 AND event_id <> $2
            ORDER BY transaction_id, position LIMIT ${RELATED_LIMIT}`,
          [value, event.eventId],
        )
      ).rows.map(toHistoryEvent);
    // A wiped account's history keeps ids only: so does what it shows as stored (the store keeps all).
    const stored = (await this.concernsWipedAccount(event.eventId))
      ? undefined
      : await new PgEventStore(this.pool, { notify: false }).readStoredData(event.eventId);
    return {
      event,
      stored: stored ?? { schemaVersion: event.schemaVersion, data: event.data },
      causedBy,
      caused: await related('causation_id', event.eventId),
      sameCorrelation: await related('correlation_id', event.correlationId),
    };
  }

  /** Whether an account the event concerns was wiped after it (its copies hold ids only). */
  private async concernsWipedAccount(eventId: string): Promise<boolean> {
    const { rows } = await this.pool.query<{ wiped: boolean }>(
      `SELECT EXISTS (
         SELECT 1 FROM rm_account_history e
           JOIN rm_account_history w ON w.user_id = e.user_id AND w.type = 'AccountWiped'
            AND (w.transaction_id, w.position) >= (e.transaction_id, e.position)
          WHERE e.event_id = $1) AS wiped`,
      [eventId],
    );
    return rows[0].wiped;
  }

  private async byEventId(eventId: string): Promise<HistoryEvent | undefined> {
    if (!/^[0-9a-f-]{36}$/i.test(eventId)) return undefined;
    const { rows } = await this.pool.query<HistoryRow>(
      'SELECT * FROM rm_account_history WHERE event_id = $1 LIMIT 1',
      [eventId],
    );
    return rows[0] ? toHistoryEvent(rows[0]) : undefined;
  }
}

function filterOf(input: CallInput<typeof exportAccountHistory>['input']): HistoryFilter {
  return { types: input.types, streams: input.streams, from: input.from, to: input.to };
}
