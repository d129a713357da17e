/**
 * A local Kafka broker from the command line:
 *   node infra/dist/kafka.js fetch         cache the pinned jars (Maven Central, SHA-1 checked)
 *   node infra/dist/kafka.js start [port]  start a single-node KRaft broker in the background
 *   node infra/dist/kafka.js stop          stop it (SIGTERM, then SIGKILL)
 *   node infra/dist/kafka.js status
 * The broker keeps its data in $DATA_DIR/kafka-broker (.data/kafka-broker); `start` prints
 * KAFKA_BROKERS for the services.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fetchKafka, kafkaCacheDir, startKafka, waitForBroker } from './kafka-broker';

const dataDir = path.resolve(
  process.env.DATA_DIR ?? path.join(__dirname, '..', '..', '.data'),
  'kafka-broker',
);
const stateFile = path.join(dataDir, 'broker.json');
type State = { pid: number; brokers: string[] };

function log(message: string): void {
  console.log(`[kafka] ${message}`);
}

function readState(): State | undefined {
  try {
    return JSON.parse(fs.readFileSync(stateFile, 'utf8')) as State;
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function stop(): Promise<void> {
  const state = readState();
  if (!state || !alive(state.pid)) {
    log('no broker running');
    fs.rmSync(stateFile, { force: true });
    return;
  }
  process.kill(state.pid, 'SIGTERM');
  const deadline = Date.now() + 20_000;
  while (alive(state.pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (alive(state.pid)) process.kill(state.pid, 'SIGKILL');
  fs.rmSync(stateFile, { force: true });
  log(`stopped broker ${state.pid}`);
}

async function main(command: string | undefined, args: string[]): Promise<void> {
  switch (command) {
    case 'fetch': {
      const { dir, downloaded } = await fetchKafka({ verify: args.includes('--verify'), log });
      log(downloaded ? `${downloaded} jars fetched into ${dir}` : `jars already cached in ${dir}`);
      return;
    }
    case 'start': {
      const state = readState();
      if (state && alive(state.pid)) {
        await waitForBroker(state.brokers, 60_000);
        log(`already running (pid ${state.pid})`);
        console.log(`KAFKA_BROKERS=${state.brokers.join(',')}`);
        return;
      }
      await fetchKafka({ log });
      const port = args[0] ? Number(args[0]) : undefined;
      const kafka = await startKafka({ dataDir, port, detached: true });
      fs.writeFileSync(stateFile, JSON.stringify({ pid: kafka.pid(), brokers: kafka.brokers }));
      log(`broker ${kafka.pid()} ready (jars in ${kafkaCacheDir()}, data and log in ${dataDir})`);
      console.log(`KAFKA_BROKERS=${kafka.brokers.join(',')}`);
      return;
    }
    case 'stop':
      return stop();
    case 'status': {
      const state = readState();
      if (!state || !alive(state.pid)) {
        log('no broker running');
        process.exitCode = 1;
        return;
      }
      await waitForBroker(state.brokers, 5_000);
      log(`broker ${state.pid} ready`);
      console.log(`KAFKA_BROKERS=${state.brokers.join(',')}`);
      return;
    }
    default:
      console.error('usage: node infra/dist/kafka.js fetch [--verify] | start [port] | stop | status');
      process.exitCode = 2;
  }
}

main(process.argv[2], process.argv.slice(3)).catch((error: unknown) => {
  console.error(`[kafka] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
