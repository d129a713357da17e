/*
 * Traces again the questions whose walkthrough trace is missing or stale (its digest differs: the
 * solution, signature, traced test or tracer changed) and writes their `trace.json`; current ones are
 * left alone, so a run after a small change traces only what changed.
 *
 *   node command-service/dist/content/walkthrough-traces/cli.js            trace the stale questions
 *   node command-service/dist/content/walkthrough-traces/cli.js --check    list them, exit 1 if any
 *   node command-service/dist/content/walkthrough-traces/cli.js slug ...   only these questions
 */
import { join } from 'node:path';
import { createSandbox } from '../../execution/sandbox';
import { detectToolchains, toolchainBinds } from '../../execution/languages/toolchains';
import { contentDir, loadContentQuestions } from '../content-files';
import { currentTrace, generateTrace, tracePath, writeTraceFile } from './generate-trace';

async function main(args: string[]): Promise<number> {
  const check = args.includes('--check');
  const only = args.filter((a) => !a.startsWith('--'));
  const root = join(contentDir(), 'algorithms', 'questions');
  const questions = loadContentQuestions().filter((q) => only.length === 0 || only.includes(q.slug));
  const stale = questions.filter((q) => !currentTrace(join(root, q.slug), q));
  console.log(`walkthrough traces: ${questions.length - stale.length} current, ${stale.length} to trace`);
  if (check) {
    for (const q of stale) console.log(`  stale: ${tracePath(join(root, q.slug))}`);
    if (stale.length > 0) console.log('Trace them again with `npm run traces` and commit the files.');
    return stale.length === 0 ? 0 : 1;
  }
  if (stale.length === 0) return 0;
  const sandbox = await createSandbox({
    production: false,
    logger: { warn: (message: string) => console.warn(message) },
    bubblewrap: { extraBinds: toolchainBinds(detectToolchains()) },
  });
  try {
    for (const question of stale) {
      const trace = await generateTrace(sandbox, question);
      writeTraceFile(join(root, question.slug), trace);
      console.log(
        `  ${question.slug}: ${trace.steps.length} steps${trace.truncated ? ` (${trace.skippedSteps} left out)` : ''}`,
      );
    }
  } finally {
    await sandbox.close?.();
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
