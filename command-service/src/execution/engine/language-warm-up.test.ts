/*
 * The warming-up states of the engine's languages after a start (language-warm-up.ts): warming from the
 * start of the warm-up until that language's own warm-up ends, one language at a time in the order given,
 * a failed warm-up ending the state too, and the test-only hold.
 */
import { codingLanguages } from '@app/contracts';
import type { CodingLanguage } from '@app/contracts';
import { LanguageWarmUp, heldLanguages, languagesToWarm } from './language-warm-up';
import type { WarmUpReport } from './language-warm-up';

/** A warm-up the test ends by hand, per language. */
function manualWarmUps() {
  const started: CodingLanguage[] = [];
  const finish = new Map<CodingLanguage, { resolve: () => void; reject: (error: Error) => void }>();
  const warm = (language: CodingLanguage) =>
    new Promise<void>((resolve, reject) => {
      started.push(language);
      finish.set(language, { resolve, reject });
    });
  /** Lets the warm-up loop move on after a warm-up ended. */
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return { started, finish, warm, settle };
}

it('keeps each language warming until its own warm-up ends, warming one language at a time in order', async () => {
  const warmUp = new LanguageWarmUp();
  const { started, finish, warm, settle } = manualWarmUps();
  const reports: WarmUpReport[] = [];
  const done = warmUp.start(['javascript', 'go', 'kotlin'], warm, (report) => reports.push(report));

  // Every language is warming from the start, before its turn comes.
  expect(['javascript', 'go', 'kotlin'].map((l) => warmUp.state(l as CodingLanguage, true))).toEqual([
    'warmingUp',
    'warmingUp',
    'warmingUp',
  ]);
  // A language that is not warmed up is ready; one that cannot run is unavailable, warming or not.
  expect(warmUp.state('python', true)).toBe('ready');
  expect(warmUp.state('go', false)).toBe('unavailable');
  await settle();
  expect(started).toEqual(['javascript']);

  finish.get('javascript')!.resolve();
  await settle();
  expect(warmUp.state('javascript', true)).toBe('ready');
  expect(warmUp.isWarming('go')).toBe(true);
  expect(started).toEqual(['javascript', 'go']);

  // A failed warm-up ends the warming state too (the language runs as it can) and is reported.
  finish.get('go')!.reject(new Error('no go-std'));
  await settle();
  expect(warmUp.state('go', true)).toBe('ready');
  expect(warmUp.state('kotlin', true)).toBe('warmingUp');

  finish.get('kotlin')!.resolve();
  await done;
  expect(warmUp.state('kotlin', true)).toBe('ready');
  expect(reports.map((r) => [r.language, r.error instanceof Error ? r.error.message : undefined])).toEqual([
    ['javascript', undefined],
    ['go', 'no go-std'],
    ['kotlin', undefined],
  ]);
});

it('starts no further warm-up once stopped, and settles', async () => {
  const warmUp = new LanguageWarmUp();
  const { started, finish, warm, settle } = manualWarmUps();
  const done = warmUp.start(['java', 'csharp'], warm);
  await settle();
  warmUp.stop();
  finish.get('java')!.resolve();
  await done;
  await warmUp.settled();
  expect(started).toEqual(['java']);
});

it('holds the languages of RUN_WARM_UP_HOLD warming for good, and refuses the setting in production', async () => {
  const held = heldLanguages('python, cpp', false, codingLanguages);
  expect([...held]).toEqual(['python', 'cpp']);
  const warmUp = new LanguageWarmUp(held);
  await warmUp.start(['python'], async () => undefined);
  expect(warmUp.state('python', true)).toBe('warmingUp');
  expect(warmUp.state('cpp', true)).toBe('warmingUp');
  expect(warmUp.state('cpp', false)).toBe('unavailable');
  expect(warmUp.state('java', true)).toBe('ready');

  expect(heldLanguages(undefined, true, codingLanguages).size).toBe(0);
  expect(() => heldLanguages('python', true, codingLanguages)).toThrow(/test-only/);
  expect(() => heldLanguages('cobol', false, codingLanguages)).toThrow(/not a language: cobol/);
});

it('warms every available language by default, none with false, else the ones listed', () => {
  const available: CodingLanguage[] = ['javascript', 'go', 'cpp'];
  expect(languagesToWarm(undefined, available)).toEqual(available);
  expect(languagesToWarm('true', available)).toEqual(available);
  expect(languagesToWarm('false', available)).toEqual([]);
  expect(languagesToWarm('cpp,kotlin, javascript', available)).toEqual(['javascript', 'cpp']);
});
