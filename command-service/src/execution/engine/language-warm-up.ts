/*
 * Which languages are still warming up after a start. The engine warms every available language in the
 * background (its compile server, its compile caches, a first judged run) while the service already
 * serves; until a language's warm-up has ended it is `warmingUp`: it runs, and its answers say so, so a
 * slow first run is never a silent one. Warm-ups run one language at a time (the machine's cores are
 * the learners' too), in the order given; a warm-up that fails still ends the warming state (the
 * language runs as it can, and the failure is logged).
 *
 * `held` languages stay warming for good whatever their warm-up did: a test-only setting
 * (RUN_WARM_UP_HOLD, never in production) so a browser test can see the state without racing a real
 * warm-up.
 */
import type { CodingLanguage, LanguageState } from '@app/contracts';

export type WarmUpReport = { language: CodingLanguage; ms: number; error?: unknown };

export class LanguageWarmUp {
  private readonly warming = new Set<CodingLanguage>();
  private finished?: Promise<void>;
  private stopped = false;

  constructor(private readonly held: ReadonlySet<CodingLanguage> = new Set()) {}

  /**
   * Marks the languages warming at once, then warms them one after another; each is ready when its own
   * warm-up ends. Resolves when all have ended (never rejects: a failure goes to `report`).
   */
  start(
    languages: readonly CodingLanguage[],
    warm: (language: CodingLanguage) => Promise<void>,
    report: (outcome: WarmUpReport) => void = () => undefined,
  ): Promise<void> {
    for (const language of languages) this.warming.add(language);
    const previous = this.finished ?? Promise.resolve();
    this.finished = previous.then(async () => {
      for (const language of languages) {
        if (this.stopped) break;
        const started = performance.now();
        try {
          await warm(language);
          report({ language, ms: Math.round(performance.now() - started) });
        } catch (error) {
          report({ language, ms: Math.round(performance.now() - started), error });
        } finally {
          this.warming.delete(language);
        }
      }
    });
    return this.finished;
  }

  /** Starts no further warm-up (the one running ends on its own); for shutdown. */
  stop(): void {
    this.stopped = true;
  }

  isWarming(language: CodingLanguage): boolean {
    return this.warming.has(language) || this.held.has(language);
  }

  /** The language's state, given whether it can run here at all. */
  state(language: CodingLanguage, available: boolean): LanguageState {
    if (!available) return 'unavailable';
    return this.isWarming(language) ? 'warmingUp' : 'ready';
  }

  /** Resolves when every warm-up started so far has ended. */
  settled(): Promise<void> {
    return this.finished ?? Promise.resolve();
  }
}

/**
 * RUN_WARM_UP: which of the available languages warm up after a start: every one when unset or `true`,
 * none when `false`, else the comma-separated ones.
 */
export function languagesToWarm(
  value: string | undefined,
  available: readonly CodingLanguage[],
): CodingLanguage[] {
  if (value === undefined || value.trim() === '' || value === 'true') return [...available];
  if (value === 'false') return [];
  const names = new Set(value.split(',').map((name) => name.trim()));
  return available.filter((language) => names.has(language));
}

/**
 * RUN_WARM_UP_HOLD (comma-separated language ids): test-only, keeps those languages warming for good.
 * Refused in production, and for names that are not languages.
 */
export function heldLanguages(
  value: string | undefined,
  production: boolean,
  known: readonly CodingLanguage[],
): Set<CodingLanguage> {
  const names = (value ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.length === 0) return new Set();
  if (production)
    throw new Error('RUN_WARM_UP_HOLD is a test-only setting; it must not be set in production.');
  const unknown = names.filter((name) => !(known as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`RUN_WARM_UP_HOLD: not a language: ${unknown.join(', ')}.`);
  return new Set(names as CodingLanguage[]);
}
