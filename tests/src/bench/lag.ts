import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  type LanguageStatus,
  comparePositions,
  listLanguages,
  parsePosition,
  systemStatus,
} from '@app/contracts';
import { freePort } from '@app/infra/dist/free-port';
import {
  type PlatformOptions,
  type RunningPlatform,
  newStaffToken,
  startPlatform,
} from '@app/infra/dist/platform';
import type { ServiceProcess } from '@app/infra/dist/service-process';
import type { LoadInput, LoadReport, ProbeInput, ProbeReport, ProbeStop, WorkerMessage } from './lag-worker';
import {
  type CpuUse,
  type Percentiles,
  cpuMeter,
  percentiles,
  progress,
  round,
  rssMb,
  sleep,
} from './support';

export type ServiceMemory = { peakMb: number; averageMb: number; samples: number };

/**
 * Each service process's event-loop delay p99 (ms) in each second of the measured window, from its own
 * Prometheus scrape (prom-client's `nodejs_eventloop_lag_p99_seconds`, reset by every scrape): a loop
 * held up by its own work or by the CPU it waits for.
 */
export type EventLoopDelays = Record<string, number[]>;

export type LagFigures = {
  /** Send to the first observation of the projection's checkpoint at or past the answered position. */
  visibleLagMs: Percentiles;
  /** The visible lag's p99 of the commands sent in each second of the measured window, in order. */
  visibleLagP99BySecond: number[];
  /** Send to HTTP answer: gateway, command-service and the append. */
  answerLatencyMs: Percentiles;
  /** The answer latency's p99 of the commands sent in each second of the measured window, in order. */
  answerLatencyP99BySecond: number[];
  targetRate: number;
  /** Commands answered with a position per second of the measured window. */
  achievedRate: number;
  scheduled: number;
  answered: number;
  failed: number;
  /** Not sent because too many commands were unanswered already. */
  skipped: number;
  neverVisible: number;
  firstErrors: string[];
  seconds: number;
  maxScheduleSlipMs: number;
  probe: { polls: number; pollIntervalMs: number };
  /** How long the started platform's languages took to warm up (before the first stage). */
  warmUpSeconds: number;
  /** How long the started platform took to come to rest before the load began (after the warm-up). */
  settleSeconds: number;
};

export type LagMeasurement = {
  lag: LagFigures;
  memory: { sampleIntervalMs: number; commandService: ServiceMemory; projectionService: ServiceMemory };
  cpu: CpuUse;
  eventLoopDelayP99BySecondMs: EventLoopDelays;
  /** The platform's own status view once the load is over. */
  statusAfter: unknown;
};

const SAMPLE_MS = 250;
/**
 * The platform is at rest once it used less than SETTLE_CORES for SETTLE_QUIET_SECONDS in a row, and the
 * machine as a whole less than SETTLE_MACHINE_CORES: the kernel writing back what earlier phases of the
 * bench wrote (a million events) counts as other work, not the bench's, and slows the load all the same.
 */
const SETTLE_CORES = 0.15;
const SETTLE_MACHINE_CORES = 0.3;
const SETTLE_QUIET_SECONDS = 2;
const SETTLE_MAX_SECONDS = 180;
/** Longest wait for the languages' warm-up after a start (C++ and Go prebuild a harness part per question). */
const WARM_UP_MAX_SECONDS = 900;

/**
 * Waits until no language of the started platform is warming up any more (its compile servers, a judged
 * run and the prebuilt harness parts: minutes of compiling on a fresh machine, which would share the
 * cores with the load); answers the seconds it took.
 */
async function warmedUp(baseUrl: string): Promise<number> {
  const started = performance.now();
  for (;;) {
    const answer = await fetch(`${baseUrl}${listLanguages.path}`);
    if (!answer.ok) throw new Error(`The languages answered ${answer.status}: ${await answer.text()}`);
    const { languages } = (await answer.json()) as { languages: LanguageStatus[] };
    const warming = languages.filter((language) => language.state === 'warmingUp');
    const seconds = round((performance.now() - started) / 1000, 1);
    if (warming.length === 0) return seconds;
    if (seconds > WARM_UP_MAX_SECONDS)
      throw new Error(
        `Languages still warming up after ${seconds} s: ${warming.map((l) => l.language).join(', ')}`,
      );
    await sleep(2000);
  }
}

/** Waits until this process's tree (platform, database) and the machine are quiet; answers the seconds it took. */
async function settle(): Promise<number> {
  const started = performance.now();
  // Dirty pages of earlier phases go to disk now rather than during the load.
  execFileSync('sync');
  let quiet = 0;
  while (quiet < SETTLE_QUIET_SECONDS && performance.now() - started < SETTLE_MAX_SECONDS * 1000) {
    const meter = cpuMeter();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const use = meter.stop();
    const atRest = use.benchCores < SETTLE_CORES && use.benchCores + use.otherCores < SETTLE_MACHINE_CORES;
    quiet = atRest ? quiet + 1 : 0;
  }
  return round((performance.now() - started) / 1000, 1);
}
const MAX_IN_FLIGHT = 500;

/** Samples a process's RSS on a timer; reading the pid lazily follows a restarted service. */
class RssSampler {
  private readonly samples: number[] = [];

  constructor(private readonly pid: () => number | undefined) {}

  sample(): void {
    const pid = this.pid();
    const mb = pid === undefined ? undefined : rssMb(pid);
    if (mb !== undefined) this.samples.push(mb);
  }

  summary(): ServiceMemory {
    const n = this.samples.length;
    return {
      peakMb: round(n ? Math.max(...this.samples) : NaN, 1),
      averageMb: round(n ? this.samples.reduce((a, b) => a + b, 0) / n : NaN, 1),
      samples: n,
    };
  }
}

const EVENT_LOOP_LAG_P99 = /^nodejs_eventloop_lag_p99_seconds(?:\{[^}]*\})? ([0-9.e+-]+)$/m;

/** Scrapes each service process's event-loop delay p99 once a second (the scrape resets it). */
class EventLoopSampler {
  private readonly series: EventLoopDelays = {};
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly processes: Record<string, { origin: string }>) {}

  start(): void {
    // The first scrape only resets what the warm-up left.
    void this.scrape(false);
    this.timer = setInterval(() => void this.scrape(true), 1000);
  }

  stop(): EventLoopDelays {
    clearInterval(this.timer);
    this.stopped = true;
    return this.series;
  }

  private async scrape(keep: boolean): Promise<void> {
    await Promise.all(
      Object.entries(this.processes).map(async ([name, process]) => {
        const answer = await fetch(`${process.origin}/metrics`).catch(() => undefined);
        const match = answer?.ok ? EVENT_LOOP_LAG_P99.exec(await answer.text()) : null;
        // A scrape still answering when the window closed belongs to no second of it.
        if (keep && !this.stopped)
          (this.series[name] ??= []).push(match ? round(Number(match[1]) * 1000, 1) : NaN);
      }),
    );
  }
}

/** Starts a lag worker; resolves with its final message, rejects if it fails or exits early. */
function startWorker(input: LoadInput | ProbeInput, onMeasuring?: () => void) {
  const worker = new Worker(path.join(__dirname, 'lag-worker.js'), { workerData: input });
  const done = new Promise<WorkerMessage>((resolve, reject) => {
    worker.on('message', (message: WorkerMessage) => {
      if (message.kind === 'measuring') onMeasuring?.();
      else resolve(message);
    });
    worker.on('error', reject);
    worker.on('exit', (code) =>
      reject(new Error(`The ${input.role} worker exited (${code}) before answering.`)),
    );
  });
  return { worker, done };
}

/** The p99 of the values of the commands sent in each second after `first`, in order (empty seconds: NaN). */
function bySecondP99(samples: readonly { sentAt: number; value: number }[], first: number): number[] {
  const seconds: number[][] = [];
  for (const { sentAt, value } of samples) (seconds[Math.floor((sentAt - first) / 1000)] ??= []).push(value);
  return Array.from(seconds, (second) => percentiles(second ?? []).p99);
}

/** Dates each answered command's visibility from the checkpoint's moves (sorted, so bisect). */
function visibleLags(
  load: LoadReport,
  probe: ProbeReport,
): { lags: { sentAt: number; value: number }[]; neverVisible: number } {
  const moves = probe.positions.map((token) => parsePosition(token)!);
  const lags: { sentAt: number; value: number }[] = [];
  let neverVisible = 0;
  for (const command of load.commands) {
    if (!command.position) continue;
    const position = parsePosition(command.position)!;
    let low = 0;
    let high = moves.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (comparePositions(moves[mid], position) >= 0) high = mid;
      else low = mid + 1;
    }
    if (low === moves.length) {
      neverVisible++;
      continue;
    }
    lags.push({ sentAt: command.sentAt, value: probe.times[low] - command.sentAt });
  }
  return { lags, neverVisible };
}

export type LagStage = { ratePerSecond: number; warmupMs: number; durationMs: number };

/**
 * Append-to-visible lag through the whole running platform: gateway, command-service, event
 * store, notification, projection-service runner, checkpoint. Load and probe run in workers; this
 * thread hosts the gateway and samples the services' memory while the load is measured.
 */
export async function measureVisibleLag(
  options: { dataDir: string; instances?: PlatformOptions['instances'] } & LagStage,
): Promise<LagMeasurement> {
  const [only] = await measureVisibleLagStages({ ...options, stages: [options] });
  return only;
}

/**
 * The same at several rates, one after another on one started platform (each stage after the platform
 * has come to rest again); answers one measurement per stage.
 */
export async function measureVisibleLagStages(options: {
  dataDir: string;
  instances?: PlatformOptions['instances'];
  stages: readonly LagStage[];
}): Promise<LagMeasurement[]> {
  const port = await freePort();
  const platform = await startPlatform({
    port,
    host: '127.0.0.1',
    dataDir: options.dataDir,
    staffToken: newStaffToken(),
    instances: options.instances,
    log: (line) => progress(`platform: ${line}`),
  });
  try {
    const baseUrl = `http://127.0.0.1:${port}`;
    const before = await fetch(`${baseUrl}${systemStatus.path}`);
    if (!before.ok)
      throw new Error(`The platform's status answered ${before.status}: ${await before.text()}`);
    const warmUpSeconds = await warmedUp(baseUrl);
    progress(`lag: the languages warmed up in ${warmUpSeconds} s`);
    const measurements: LagMeasurement[] = [];
    for (const stage of options.stages) {
      // The services finish starting in the background (compile servers, warm-ups, content), and a
      // stage may leave work behind: each load is measured on a platform at rest.
      const settleSeconds = await settle();
      progress(`lag: the platform settled after ${settleSeconds} s`);
      measurements.push(await measureStage(platform, baseUrl, stage, { warmUpSeconds, settleSeconds }));
    }
    return measurements;
  } finally {
    await platform.stop();
  }
}

async function measureStage(
  platform: RunningPlatform,
  baseUrl: string,
  options: LagStage,
  rest: { warmUpSeconds: number; settleSeconds: number },
): Promise<LagMeasurement> {
  const workers: Worker[] = [];
  try {
    const probe = startWorker({
      role: 'probe',
      databaseUrl: platform.databaseUrl,
      projection: 'telemetry-daily',
      maxMs: options.warmupMs + options.durationMs + 60_000,
    });
    workers.push(probe.worker);
    probe.done.catch(() => undefined); // awaited below; this only keeps an early failure from being unhandled
    // The first process of each service (the only one unless the platform runs several).
    const command = new RssSampler(() => platform.services.command.pid);
    const projection = new RssSampler(() => platform.services.projection.pid);
    let timer: NodeJS.Timeout | undefined;
    let cpu: ReturnType<typeof cpuMeter> | undefined;
    // Every process of each service by name, numbered after the first (commandService, commandService2...).
    const named = (name: string, processes: ServiceProcess[]) =>
      processes.map((p, i) => [i === 0 ? name : `${name}${i + 1}`, p] as const);
    const processes = [
      ...named('commandService', platform.instances.command),
      ...named('projectionService', platform.instances.projection),
    ];
    const loops = new EventLoopSampler(Object.fromEntries(processes));
    const load = startWorker(
      {
        role: 'load',
        baseUrl,
        ratePerSecond: options.ratePerSecond,
        warmupMs: options.warmupMs,
        durationMs: options.durationMs,
        maxInFlight: MAX_IN_FLIGHT,
      },
      () => {
        progress(`lag: warm-up done, measuring ${options.durationMs / 1000} s at ${options.ratePerSecond}/s`);
        cpu = cpuMeter(Object.fromEntries(processes.map(([name, p]) => [name, p.pid])), 'postgres');
        loops.start();
        timer = setInterval(() => {
          command.sample();
          projection.sample();
        }, SAMPLE_MS);
      },
    );
    workers.push(load.worker);
    let eventLoopDelays: EventLoopDelays = {};
    const loadDone = await load.done.finally(() => {
      clearInterval(timer);
      eventLoopDelays = loops.stop();
    });
    const cpuUse = cpu?.stop() ?? { benchCores: NaN, otherCores: NaN };
    if (loadDone.kind !== 'load-done')
      throw new Error(`Unexpected message ${loadDone.kind} from the load worker.`);
    const loadReport = loadDone.report;

    // Let the probe watch until the projection has passed the last answered position (bounded).
    const answered = loadReport.commands.filter((c) => c.position !== undefined);
    const last = answered.reduce<string | undefined>(
      (max, c) =>
        !max || comparePositions(parsePosition(c.position!)!, parsePosition(max)!) > 0 ? c.position : max,
      undefined,
    );
    probe.worker.postMessage({ kind: 'stop', until: last, graceMs: 10_000 } satisfies ProbeStop);
    const probeDone = await probe.done;
    if (probeDone.kind !== 'probe-done')
      throw new Error(`Unexpected message ${probeDone.kind} from the probe.`);
    const probeReport = probeDone.report;

    const { lags, neverVisible } = visibleLags(loadReport, probeReport);
    const first = loadReport.commands[0]?.sentAt ?? 0;
    // This process holds the gateway (main thread) and both workers; split it by thread.
    if (cpuUse.byProcess) {
      const { benchProcess, ...rest } = cpuUse.byProcess;
      cpuUse.byProcess = {
        gateway: round(Math.max(0, benchProcess - loadReport.cores - probeReport.cores), 2),
        loadGenerator: loadReport.cores,
        checkpointProbe: probeReport.cores,
        ...rest,
      };
    }
    const after = await fetch(`${baseUrl}${systemStatus.path}`);
    return {
      lag: {
        visibleLagMs: percentiles(lags.map((lag) => lag.value)),
        visibleLagP99BySecond: bySecondP99(lags, first),
        answerLatencyMs: percentiles(answered.map((c) => c.answeredAt! - c.sentAt)),
        answerLatencyP99BySecond: bySecondP99(
          answered.map((c) => ({ sentAt: c.sentAt, value: c.answeredAt! - c.sentAt })),
          first,
        ),
        targetRate: options.ratePerSecond,
        achievedRate: Math.round(answered.length / loadReport.measuredSeconds),
        scheduled: loadReport.commands.length + loadReport.skipped,
        answered: answered.length,
        failed: loadReport.failed,
        skipped: loadReport.skipped,
        neverVisible,
        firstErrors: loadReport.firstErrors,
        seconds: round(loadReport.measuredSeconds, 2),
        maxScheduleSlipMs: loadReport.maxScheduleSlipMs,
        probe: { polls: probeReport.polls, pollIntervalMs: probeReport.pollIntervalMs },
        ...rest,
      },
      memory: {
        sampleIntervalMs: SAMPLE_MS,
        commandService: command.summary(),
        projectionService: projection.summary(),
      },
      cpu: cpuUse,
      eventLoopDelayP99BySecondMs: eventLoopDelays,
      statusAfter: after.ok ? await after.json() : `HTTP ${after.status}`,
    };
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
