import fs from 'node:fs';
import http from 'node:http';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { Client } from 'pg';
import { type EventPosition, comparePositions, parsePosition, recordEvent } from '@app/contracts';
import { now, round, sleep } from './support';

/**
 * The two clocks of the append-to-visible lag, each in its own worker thread so that neither the
 * gateway (which startPlatform runs in the main thread) nor the other delays it: `load` sends
 * commands on an open-loop schedule, `probe` watches the projection's checkpoint.
 * Times are epoch milliseconds with sub-millisecond precision, comparable across threads.
 */
export type LoadInput = {
  role: 'load';
  baseUrl: string;
  ratePerSecond: number;
  warmupMs: number;
  durationMs: number;
  /** Past this many unanswered commands a send is skipped and counted: overload is shown, not amplified. */
  maxInFlight: number;
};

export type ProbeInput = { role: 'probe'; databaseUrl: string; projection: string; maxMs: number };

/** One measured command: its position is the text token; absent when it failed. */
export type SentCommand = { sentAt: number; answeredAt?: number; position?: string };

export type LoadReport = {
  commands: SentCommand[];
  /** Cores this thread used while the load was measured. */
  cores: number;
  skipped: number;
  failed: number;
  firstErrors: string[];
  measuredSeconds: number;
  maxScheduleSlipMs: number;
};

export type ProbeReport = {
  times: number[];
  positions: string[];
  polls: number;
  pollIntervalMs: number;
  /** Cores this thread used while polling. */
  cores: number;
};

export type WorkerMessage =
  | { kind: 'measuring' }
  | { kind: 'load-done'; report: LoadReport }
  | { kind: 'probe-done'; report: ProbeReport };

/** Sent to the probe when the load is over: stop once the checkpoint has passed `until` (bounded). */
export type ProbeStop = { kind: 'stop'; until: string | undefined; graceMs: number };

/** CPU seconds of the calling thread (utime + stime of /proc/thread-self/stat). */
function threadCpuSeconds(): number {
  const stat = fs.readFileSync('/proc/thread-self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * POSTs JSON with node:http over kept-alive connections. Measured here, fetch costs about three
 * times the CPU per request (about 1 ms against 0.3 ms), which on two cores would starve the
 * platform under test at 1,000 requests/s.
 */
function post(agent: http.Agent, url: URL, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        timeout: 10_000,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('no answer within 10 s')));
    request.on('error', reject);
    request.end(body);
  });
}

async function load(input: LoadInput): Promise<LoadReport> {
  const url = new URL(recordEvent.path, input.baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: input.maxInFlight });
  const commands: SentCommand[] = [];
  const inFlight = new Set<Promise<void>>();
  const firstErrors: string[] = [];
  let failed = 0;
  let skipped = 0;
  const send = (seq: number, measured: boolean) => {
    const command: SentCommand = { sentAt: now() };
    if (measured) commands.push(command);
    const done = post(agent, url, JSON.stringify({ type: 'bench-lag', body: { seq } }))
      .then(({ status, text }) => {
        if (status !== 200) throw new Error(`HTTP ${status}: ${text.slice(0, 200)}`);
        const token = (JSON.parse(text) as { position?: string }).position;
        if (!token || !parsePosition(token)) throw new Error(`no position in ${text.slice(0, 200)}`);
        command.answeredAt = now();
        command.position = token;
      })
      .catch((error: unknown) => {
        if (!measured) return;
        failed++;
        if (firstErrors.length < 5) firstErrors.push(String(error));
      })
      .finally(() => inFlight.delete(done));
    inFlight.add(done);
  };

  // Open loop: command n is due at start + n / rate whatever the answers do, so a slow server
  // meets a growing queue instead of a politely slower client.
  const interval = 1000 / input.ratePerSecond;
  const total = Math.round((input.warmupMs + input.durationMs) / interval);
  const warmup = Math.round(input.warmupMs / interval);
  const start = now();
  let next = 0;
  let maxSlip = 0;
  let cpuAtMeasure = 0;
  while (next < total) {
    const at = now();
    const due = Math.min(total, Math.floor((at - start) / interval) + 1);
    for (; next < due; next++) {
      const measured = next >= warmup;
      if (next === warmup) {
        cpuAtMeasure = threadCpuSeconds();
        parentPort!.postMessage({ kind: 'measuring' } satisfies WorkerMessage);
      }
      if (measured) maxSlip = Math.max(maxSlip, at - (start + next * interval));
      if (inFlight.size >= input.maxInFlight) {
        if (measured) skipped++;
        continue;
      }
      send(next, measured);
    }
    await sleep(1);
  }
  const measuredSeconds = (now() - (start + warmup * interval)) / 1000;
  const cores = round((threadCpuSeconds() - cpuAtMeasure) / measuredSeconds, 2);
  await Promise.all([...inFlight]);
  agent.destroy();
  return {
    commands,
    cores,
    skipped,
    failed,
    firstErrors,
    measuredSeconds,
    maxScheduleSlipMs: round(maxSlip, 1),
  };
}

/**
 * Polls the checkpoint with a dedicated connection and a prepared statement, and keeps only the
 * moments it moved (the first observation of each new value): enough to date any position.
 */
async function probe(input: ProbeInput): Promise<ProbeReport> {
  const client = new Client({ connectionString: input.databaseUrl, application_name: 'bench-lag-probe' });
  await client.connect();
  const times: number[] = [];
  const positions: string[] = [];
  let latest: EventPosition | undefined;
  let stop: ProbeStop | undefined;
  let stopDeadline = Infinity;
  parentPort!.on('message', (message: ProbeStop) => {
    stop = message;
    stopDeadline = now() + message.graceMs;
  });
  const passed = (token: string) =>
    latest !== undefined && comparePositions(latest, parsePosition(token)!) >= 0;
  const started = now();
  const cpuAtStart = threadCpuSeconds();
  const deadline = started + input.maxMs;
  let polls = 0;
  while (
    now() < deadline &&
    now() < stopDeadline &&
    !(stop && (stop.until === undefined || passed(stop.until)))
  ) {
    const result = await client.query<{ xid: string; pos: string }>({
      name: 'bench-checkpoint',
      text: 'SELECT transaction_id::text AS xid, position::text AS pos FROM projection_checkpoints WHERE name = $1',
      values: [input.projection],
    });
    const at = now();
    polls++;
    const row = result.rows[0];
    if (row) {
      const seen = { transactionId: BigInt(row.xid), position: BigInt(row.pos) };
      if (!latest || comparePositions(seen, latest) > 0) {
        latest = seen;
        times.push(at);
        positions.push(`${row.xid}.${row.pos}`);
      }
    }
    await sleep(1);
  }
  const seconds = (now() - started) / 1000;
  const cores = round((threadCpuSeconds() - cpuAtStart) / seconds, 2);
  await client.end();
  return { times, positions, polls, pollIntervalMs: round((seconds * 1000) / Math.max(1, polls), 2), cores };
}

if (!isMainThread) {
  const input = workerData as LoadInput | ProbeInput;
  const work =
    input.role === 'load'
      ? load(input).then((report): WorkerMessage => ({ kind: 'load-done', report }))
      : probe(input).then((report): WorkerMessage => ({ kind: 'probe-done', report }));
  work.then(
    (message) => parentPort!.postMessage(message),
    (error: unknown) => {
      // Surfaces as the worker's 'error' event in the main thread.
      throw error;
    },
  );
}
