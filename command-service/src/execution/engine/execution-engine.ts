import { cpus } from 'node:os';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import {
  type Access,
  type CodingLanguage,
  type JsonTest,
  type LanguageStatus,
  type Principal,
  type ProblemProductId,
  type RunResponse,
  COMPILE_TIME_LIMIT_MS,
  QUICK_TEST_OUTPUT_LIMIT_CHARS,
  RUN_QUEUE_WAIT_LIMIT_MS,
  RUN_TIME_LIMIT_MS,
  codingLanguages,
  checkTestInput,
  decideAccess,
  offeredLanguages,
  checkValue,
  jsonTestSchema,
  parseType,
  DomainError,
} from '@app/contracts';
import { CONFIG, LOGGER } from '@app/server-kit';
import type { CommandServiceConfig } from '../../infrastructure/config';
import { type Sandbox, SandboxBusyError, createSandbox } from '../sandbox';
import { solidityBinds } from '../solidity';
import {
  CompileServers,
  LanguageUnavailableError,
  type ProgramResult,
  type RunTestsResult,
  TestInputError,
  type Toolchains,
  detectToolchains,
  languageAvailability,
  runProgram,
  runsPrograms,
  toolchainBinds,
  warmUpLanguage,
} from '../languages';
import type { QuestionFixture } from '../questions';
import { type PublishedQuestion, PublishedQuestions } from '../../content/published-questions';
import { judgeTests, runResponse } from './judge-tests';
import { withinRequestLimit } from './request-limit';
import { QueueFullError, RunQueue } from './run-queue';
import { LanguageWarmUp, heldLanguages, languagesToWarm } from './language-warm-up';

/** The order languages warm up in after a start: the quick ones first, so most of the menu is soon ready. */
const WARM_UP_ORDER: readonly CodingLanguage[] = [
  'javascript',
  'python',
  'typescript',
  'go',
  'java',
  'csharp',
  'cpp',
  'kotlin',
  'swift',
];

/** The rule a locked question's runs follow: the product of the path must be owned. */
const productOwner: Access = { kind: 'owner', product: 'fromPath' };

export type JudgedRun = { response: RunResponse; result: RunTestsResult; tests: JsonTest[] };

/**
 * The code-execution engine: the sandbox, the toolchains, the questions, a bounded queue with a worker
 * per sandbox slot, and a per-user rate limit. Controllers call `judge` and map its answer.
 */
@Injectable()
export class ExecutionEngine implements OnModuleInit, OnModuleDestroy {
  private sandbox!: Sandbox;
  private toolchains!: Toolchains;
  private availability = new Map<CodingLanguage, { available: boolean; reason?: string }>();
  private readonly queue: RunQueue;
  /** Warm compilers (Java, Kotlin, TypeScript), started in the background at init. */
  private compileServers?: CompileServers;
  private readonly perUser: RateLimiterMemory;
  /** How long a compile may take before it is stopped and answered RCE_TIMEOUT. */
  private readonly compileTimeLimitMs: number;
  /** Which languages are still warming up after the start (warmed in the background at init). */
  readonly warmUp: LanguageWarmUp;

  constructor(
    @Inject(CONFIG) private readonly config: CommandServiceConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly questions: PublishedQuestions,
  ) {
    const workers = Math.max(1, Number(config.env.RUN_WORKERS ?? cpus().length));
    // Not a number: the default; below a second: a second; never above the default, which the gateway's
    // timeout is derived from (contracts: GATEWAY_UPSTREAM_TIMEOUT_MS).
    this.compileTimeLimitMs = Math.min(
      COMPILE_TIME_LIMIT_MS,
      Math.max(1_000, Number(config.env.RUN_COMPILE_TIME_LIMIT_MS) || COMPILE_TIME_LIMIT_MS),
    );
    this.queue = new RunQueue(workers, Math.max(4, workers * 8), RUN_QUEUE_WAIT_LIMIT_MS);
    this.warmUp = new LanguageWarmUp(
      heldLanguages(config.env.RUN_WARM_UP_HOLD, config.production, codingLanguages),
    );
    // Runs per learner: a burst of 10, then one every 2 seconds on average.
    this.perUser = new RateLimiterMemory({
      points: Number(config.env.RUNS_PER_MINUTE_PER_USER ?? 30),
      duration: 60,
    });
  }

  async onModuleInit(): Promise<void> {
    this.toolchains = detectToolchains();
    // In production a missing bubblewrap stops the service here: learner code never runs unboxed.
    this.sandbox = await createSandbox({
      production: this.config.production,
      logger: { warn: (message: string) => this.logger.warn(message) },
      bubblewrap: {
        // The Solidity runner's packages (solc, the EVM), read-only: the blockchain track's judge.
        extraBinds: [...toolchainBinds(this.toolchains), ...solidityBinds()],
        slots: this.queue.workers,
      },
    });
    for (const entry of await languageAvailability(this.sandbox, this.toolchains)) {
      this.availability.set(entry.language, {
        available: entry.available,
        reason: entry.available ? undefined : entry.reason,
      });
    }
    const unavailable = [...this.availability]
      .filter(([, a]) => !a.available)
      .map(([l, a]) => `${l} (${a.reason})`);
    this.logger.info(
      { sandbox: this.sandbox.kind, unavailable },
      unavailable.length
        ? `languages unavailable here: ${unavailable.join(', ')}`
        : 'every language available',
    );
    // Not awaited: readiness never waits for a compiler to warm; until one is, its compiles run cold.
    this.compileServers = new CompileServers(this.sandbox, this.toolchains);
    const available = WARM_UP_ORDER.filter((language) => this.availability.get(language)?.available);
    this.compileServers.prewarm(available);
    // Not awaited either: the site serves meanwhile, and a language still warming says so.
    void this.warmLanguages(languagesToWarm(this.config.env.RUN_WARM_UP, available));
  }

  /** Warms each language in turn (its steps queued with learners' runs); logs how long each took. */
  private warmLanguages(languages: CodingLanguage[]): Promise<void> {
    const compileServers = this.compileServers;
    return this.warmUp.start(
      languages,
      (language) =>
        warmUpLanguage({
          sandbox: this.sandbox,
          language,
          toolchains: this.toolchains,
          compileServers,
          signatures: () => this.questions.signatures(),
          compileLimits: { timeLimitMs: this.compileTimeLimitMs },
          schedule: (step) => this.queue.run(step),
        }),
      ({ language, ms, error }) => {
        if (error) this.logger.warn({ language, ms, err: error }, `${language} warm-up failed`);
        else this.logger.info({ language, ms }, `${language} warmed up`);
      },
    );
  }

  async onModuleDestroy(): Promise<void> {
    this.warmUp.stop();
    await this.compileServers?.close();
    await this.sandbox?.close?.();
  }

  languages(): LanguageStatus[] {
    return codingLanguages.map((language) => {
      const availability = this.availability.get(language) ?? {
        available: false,
        reason: 'not checked yet',
      };
      return {
        language,
        ...availability,
        state: this.warmUp.state(language, availability.available),
      };
    });
  }

  /**
   * The latest published version of a question of a product, by id or name, for a caller the access
   * rule let in (signed in): a free question for anyone, any other only for an owner of the product,
   * who is refused exactly as the owner rule refuses (PRODUCT_NOT_OWNED). A non-owner gets that refusal
   * for an unknown question too, as before questions could be free. Then 404 when there is none, and
   * PROBLEMS_VERSION_MISMATCH when the learner's page holds another version.
   */
  async question(
    principal: Principal,
    product: ProblemProductId,
    questionId: string,
    questionVersion?: number,
  ): Promise<PublishedQuestion> {
    const question = await this.questions.find(product, questionId);
    if (!question?.free) {
      const decision = decideAccess(productOwner, principal, product);
      if (!decision.allowed) throw new DomainError(decision.code, decision.message);
    }
    if (!question) throw new DomainError('NOT_FOUND', `There is no question "${questionId}" in ${product}.`);
    if (questionVersion !== undefined && questionVersion !== question.version) {
      throw new DomainError(
        'PROBLEMS_VERSION_MISMATCH',
        'This question has changed since you loaded it; reload the page to get the latest version.',
      );
    }
    return question;
  }

  /** LANGUAGE_UNAVAILABLE when the question's product does not offer the language (offeredLanguages). */
  checkLanguage(question: PublishedQuestion, language: CodingLanguage): void {
    if (!offeredLanguages(question.product).includes(language))
      throw new DomainError(
        'LANGUAGE_UNAVAILABLE',
        `This question is answered in ${offeredLanguages(question.product).join(', ')}, not ${language}.`,
      );
  }

  /** Checks a learner may run code now (RCE_RATE_LIMITED otherwise). */
  async admit(userId: string): Promise<void> {
    try {
      await this.perUser.consume(userId);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      throw new DomainError(
        'RCE_RATE_LIMITED',
        `You're running code too often; try again in ${seconds} seconds.`,
      );
    }
  }

  /** Parses learner-written tests (run_json_tests): each `{ input, output }` fitting the signature. */
  parseTests(question: QuestionFixture, raw: unknown[]): JsonTest[] {
    const returns = parseType(question.signature.returns);
    return raw.map((test, i) => {
      const parsed = jsonTestSchema.safeParse(test);
      if (!parsed.success) {
        throw new DomainError(
          'RCE_INPUTS_INVALID',
          `Test ${i + 1} must be an object with "input" and "output".`,
        );
      }
      const outputProblem = checkValue(returns, parsed.data.output);
      const problem =
        checkTestInput(question.signature, parsed.data.input) ??
        (outputProblem && `output: ${outputProblem}`);
      if (problem) throw new DomainError('RCE_INPUTS_INVALID', `Test ${i + 1}: ${problem}.`);
      return { ...parsed.data, hidden: false };
    });
  }

  /** Runs the code on the tests in the queue and answers the run response of spec 3. */
  judge(
    language: CodingLanguage,
    question: QuestionFixture,
    source: string,
    tests: JsonTest[],
  ): Promise<JudgedRun> {
    return withinRequestLimit(() => this.judgeNow(language, question, source, tests));
  }

  private async judgeNow(
    language: CodingLanguage,
    question: QuestionFixture,
    source: string,
    tests: JsonTest[],
  ): Promise<JudgedRun> {
    this.checkAvailable(language);
    // Before the queue: the state when the learner asked, which is what made the run slow if it was.
    const warmingUp = this.warmUp.isWarming(language);
    const result = await this.queued(() =>
      judgeTests({
        sandbox: this.sandbox,
        language,
        question,
        source,
        tests,
        toolchains: this.toolchains,
        compileLimits: { timeLimitMs: this.compileTimeLimitMs },
        compileServers: this.compileServers,
      }),
    );
    if (result.compileError !== undefined && result.timedOut) {
      // A compile that never ends (`#include </dev/random>`) has no test to attribute the time to.
      throw new DomainError(
        'RCE_TIMEOUT',
        `Your code took longer than ${this.compileTimeLimitMs / 1000} seconds to compile; the compiler was stopped.`,
      );
    }
    if (result.outputTruncated && !result.timedOut && !result.outOfResources) {
      throw new DomainError(
        'RCE_OUTPUT_TOO_LARGE',
        'Your code printed more than the runner keeps; print less.',
      );
    }
    const response: RunResponse = { ...runResponse(result), ...(warmingUp ? { warmingUp: true } : {}) };
    return { response, result, tests };
  }

  /**
   * Runs a judge of its own (Solidity, the browser) on the engine's sandbox, in the queue with every
   * other run and within the request limit: RCE_BUSY when the queue is full.
   */
  inQueue<T>(work: (sandbox: Sandbox) => Promise<T>): Promise<T> {
    return withinRequestLimit(() => this.queued(() => work(this.sandbox)));
  }

  /**
   * A snippet run as a whole program (run-repl), in the queue with the usual limits: what it printed, or
   * its compile error. LANGUAGE_UNAVAILABLE for a language that cannot run here or runs no snippets yet.
   */
  runSnippet(
    language: CodingLanguage,
    source: string,
  ): Promise<{ result: ProgramResult; warmingUp: boolean; timeLimitMs: number }> {
    return withinRequestLimit(async () => {
      this.checkAvailable(language);
      if (!runsPrograms(language)) {
        throw new DomainError('LANGUAGE_UNAVAILABLE', `Snippets do not run in ${language} yet.`);
      }
      const warmingUp = this.warmUp.isWarming(language);
      const result = await this.queued(() =>
        runProgram({
          sandbox: this.sandbox,
          language,
          source,
          toolchains: this.toolchains,
          compileLimits: { timeLimitMs: this.compileTimeLimitMs },
        }),
      );
      return { result, warmingUp, timeLimitMs: RUN_TIME_LIMIT_MS };
    });
  }

  /** LANGUAGE_UNAVAILABLE when the language cannot run on this deployment. */
  private checkAvailable(language: CodingLanguage): void {
    const availability = this.availability.get(language);
    if (!availability?.available) {
      throw new DomainError(
        'LANGUAGE_UNAVAILABLE',
        `${language} cannot run here: ${availability?.reason ?? 'unknown'}.`,
      );
    }
  }

  /** Runs work in the queue, answering the runners' failures as the API's errors. */
  private async queued<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await this.queue.run(work);
    } catch (error) {
      if (error instanceof LanguageUnavailableError)
        throw new DomainError('LANGUAGE_UNAVAILABLE', error.message);
      if (error instanceof TestInputError) throw new DomainError('RCE_INPUTS_INVALID', error.message);
      if (error instanceof QueueFullError || error instanceof SandboxBusyError) {
        throw new DomainError('RCE_BUSY', new QueueFullError().message);
      }
      throw error;
    }
  }

  /**
   * Quick test (run_custom_input): the expected output comes from the question's reference solution in
   * the same language (or JavaScript), run on the learner's input; both sides are capped at 50,000
   * characters (OUTPUT_TOO_BIG).
   */
  quickTest(language: CodingLanguage, question: QuestionFixture, source: string, inputText: string) {
    return withinRequestLimit(() => this.quickTestNow(language, question, source, inputText));
  }

  private async quickTestNow(
    language: CodingLanguage,
    question: QuestionFixture,
    source: string,
    inputText: string,
  ): Promise<JudgedRun> {
    if (inputText.length > QUICK_TEST_OUTPUT_LIMIT_CHARS) {
      throw new DomainError('OUTPUT_TOO_BIG', 'The quick-test input is longer than 50,000 characters.');
    }
    const input = JSON.parse(inputText) as unknown;
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      throw new DomainError(
        'RCE_INPUTS_INVALID',
        'The quick-test input must be a JSON object keyed by parameter name.',
      );
    }
    const referenceLanguage: CodingLanguage = question.solutions[language] ? language : 'javascript';
    const probe: JsonTest = { input: input as Record<string, unknown>, output: null };
    const reference = await this.judgeNow(
      referenceLanguage,
      question,
      question.solutions[referenceLanguage]!,
      [probe],
    );
    const expected = reference.result.results[0];
    if (!expected || expected.actual === undefined) {
      throw new DomainError('RCE_INPUTS_INVALID', 'This input is not one the question accepts.');
    }
    if (JSON.stringify(expected.actual).length > QUICK_TEST_OUTPUT_LIMIT_CHARS) {
      throw new DomainError('OUTPUT_TOO_BIG', 'The expected output is longer than 50,000 characters.');
    }
    const run = await this.judgeNow(language, question, source, [{ ...probe, output: expected.actual }]);
    const actual = run.result.results[0]?.actual;
    if (actual !== undefined && JSON.stringify(actual).length > QUICK_TEST_OUTPUT_LIMIT_CHARS) {
      throw new DomainError('OUTPUT_TOO_BIG', 'Your output is longer than 50,000 characters.');
    }
    return run;
  }
}
