/*
 * run-repl's runs for real: snippets in the bubblewrap box with the languages' toolchains (runProgram), and
 * what the answer says of them (replResponse). In CI (CI=true) a missing bubblewrap fails; elsewhere the
 * tests skip. A language whose toolchain is missing here is skipped in the every-language test.
 */
import type { CodingLanguage } from '@app/contracts';
import type { BubblewrapSandbox } from '../sandbox';
import { bubblewrapForTests } from '../sandbox/test-support';
import {
  LanguageUnavailableError,
  detectToolchains,
  languageModules,
  runProgram,
  toolchainBinds,
} from '../languages';
import { REPL_OUTPUT_LIMIT_CHARS, replResponse } from './repl-response';

const toolchains = detectToolchains();
let sandbox: BubblewrapSandbox | undefined;

beforeAll(async () => {
  sandbox = await bubblewrapForTests({ extraBinds: toolchainBinds(toolchains) });
}, 60_000);

afterAll(async () => {
  await sandbox?.close();
});

const run = async (language: CodingLanguage, source: string, timeLimitMs = 10_000) => {
  const result = await runProgram({
    sandbox: sandbox!,
    language,
    source,
    toolchains,
    runLimits: { timeLimitMs },
  });
  return { result, response: replResponse(result, timeLimitMs) };
};

describe('run-repl snippets in the sandbox', () => {
  it('answers what a JavaScript snippet prints, stdout and stderr in order', async () => {
    if (!sandbox) return;
    const { response } = await run(
      'javascript',
      "console.log('six times seven is', 6 * 7);\nconsole.error('to stderr');\nconsole.log([1, 2].map((n) => n * 2));\n",
    );
    expect(response).toEqual({
      RawOutput: 'six times seven is 42\nto stderr\n[ 2, 4 ]',
      TestResults: [],
      JSONTests: false,
      HasError: false,
      OutOfResources: false,
      wasAborted: false,
    });
  }, 60_000);

  it('answers a Python snippet its prints, then the traceback of the exception that ended it', async () => {
    if (!sandbox) return;
    const { response } = await run(
      'python',
      "print('before')\nimport sys\nprint('warned', file=sys.stderr)\n{}['missing']\nprint('never')\n",
    );
    expect(response.HasError).toBe(true);
    expect(response.OutOfResources).toBe(false);
    expect(response.RawOutput).toMatch(
      /^before\nwarned\nTraceback \(most recent call last\):\n {2}File "main\.py", line 4/,
    );
    expect(response.RawOutput).toContain("KeyError: 'missing'");
    expect(response.RawOutput).not.toContain('never');
    expect(response.RawOutput.endsWith('The program ended with exit code 1.')).toBe(true);
  }, 60_000);

  it('stops an endless loop at the time limit, with what it printed before', async () => {
    if (!sandbox) return;
    const started = Date.now();
    const { response } = await run('python', "print('looping', flush=True)\nwhile True:\n    pass\n", 2000);
    expect(response).toMatchObject({
      HasError: false,
      OutOfResources: true,
      wasAborted: true,
      TestResults: [],
    });
    expect(response.RawOutput).toBe('looping\nThe program did not finish within 2 seconds and was stopped.');
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 60_000);

  it('answers a syntax error as HasError, naming the line', async () => {
    if (!sandbox) return;
    const python = await run('python', "print('ok')\ndef broken(:\n    pass\n");
    expect(python.response.HasError).toBe(true);
    expect(python.response.RawOutput).toContain('line 2');
    expect(python.response.RawOutput).toContain('SyntaxError');
    expect(python.response.RawOutput).not.toMatch(/^ok/);
    const javascript = await run('javascript', 'const x = ;\n');
    expect(javascript.response.HasError).toBe(true);
    expect(javascript.response.RawOutput).toContain('main.js:1');
    expect(javascript.response.RawOutput).toContain('SyntaxError');
  }, 60_000);

  it(`keeps the first ${REPL_OUTPUT_LIMIT_CHARS} characters of a long output and counts the rest`, async () => {
    if (!sandbox) return;
    const { response } = await run('python', "print('x' * 60000)\n");
    expect(response.HasError).toBe(false);
    expect(response.RawOutput.startsWith('x'.repeat(REPL_OUTPUT_LIMIT_CHARS))).toBe(true);
    expect(response.RawOutput).toContain('… (10,001 more characters not shown)');
  }, 60_000);

  it('runs a snippet in every language that runs snippets and whose toolchain is here', async () => {
    if (!sandbox) return;
    const hello: Partial<Record<CodingLanguage, string>> = {
      typescript: 'const n: number = 6 * 7;\nconsole.log(`hello ${n}`);\n',
      go: 'package main\n\nimport "fmt"\n\nfunc main() {\n\tfmt.Println("hello", 6*7)\n}\n',
      cpp: '#include <iostream>\nint main() {\n  std::cout << "hello " << 6 * 7 << std::endl;\n}\n',
      java: 'public class Main {\n  public static void main(String[] args) {\n    System.out.println("hello " + 6 * 7);\n  }\n}\n',
    };
    const ran: string[] = [];
    for (const [language, source] of Object.entries(hello) as [CodingLanguage, string][]) {
      const availability = await languageModules[language].availability(sandbox, toolchains);
      if (!availability.available) {
        console.warn(`[run-repl test] skipping ${language}: ${availability.reason}`);
        continue;
      }
      const { response } = await run(language, source);
      expect([language, response.RawOutput, response.HasError]).toEqual([language, 'hello 42', false]);
      ran.push(language);
    }
    console.log(`[run-repl test] ran snippets in ${ran.join(', ') || 'no compiled language'}`);
    // A compile error is HasError with the compiler's message.
    if (ran.includes('cpp')) {
      const { response } = await run('cpp', 'int main() { return undeclared; }\n');
      expect(response.HasError).toBe(true);
      expect(response.RawOutput).toContain('main.cpp:1');
    }
  }, 240_000);

  it('refuses a language that runs no snippets yet', async () => {
    if (!sandbox) return;
    await expect(
      runProgram({ sandbox, language: 'kotlin', source: 'fun main() {}', toolchains }),
    ).rejects.toThrow(LanguageUnavailableError);
  });
});
