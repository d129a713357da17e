/**
 * Caches Apache Kafka's jars for the broker the Kafka suites start (see kafka-broker.ts), and checks
 * that Java can run it. Idempotent; `npm test` runs it before the suites, which never download.
 */
import { fetchKafka, findJava } from './kafka-broker';

async function main(): Promise<void> {
  const java = findJava();
  if ('problem' in java) throw new Error(java.problem);
  const { dir, downloaded } = await fetchKafka({ log: (line) => console.log(`[ensure-kafka] ${line}`) });
  console.log(`[ensure-kafka] ${downloaded ? `${downloaded} jars fetched into` : 'jars cached in'} ${dir}`);
}

main().catch((error: unknown) => {
  console.error(`[ensure-kafka] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
