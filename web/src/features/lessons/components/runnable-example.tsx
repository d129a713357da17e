import { useState } from 'react';
import { getApiErrorMessage } from '@/shared/api/api-error';
import { useGetUserDataQuery } from '@/shared/api/problems-api';
import { useProductAutosave } from '@/shared/api/use-product-autosave';
import { signInModalOpened } from '@/shared/auth/sign-in-modal-slice';
import { useIsSignedInHere } from '@/shared/auth/session-slice';
import { useAppDispatch } from '@/shared/lib/store';
import { useRunExampleMutation } from '../lessons-api';

const PRODUCT = 'frontendexpert' as const;
/** Globals of a page: an example that uses one shows what a browser does, not what a program prints. */
const PAGE_ONLY =
  /\b(document|window|element|localStorage|sessionStorage|navigator|fetch|addEventListener|alert)\b/;
/** A module's own lines (import, export): a fragment of several files, not one program. */
const MODULE_LINE = /^\s*(import|export)\s/m;

/** A JavaScript block that runs as one program on the server: no page, no other module needed. */
export function isRunnable(lang: string | undefined, code: string): boolean {
  return (lang === 'js' || lang === 'javascript') && !PAGE_ONLY.test(code) && !MODULE_LINE.test(code);
}

/**
 * An example's code as the learner keeps it: their edit, else the version saved in the user data
 * (`crashCourseUserCode[lessonId][key]`), else the lesson's. `keep` shows an edit at once and saves it
 * (debounced) when signed in.
 */
export function useKeptExample(lessonId: string, key: string, code: string) {
  const signedIn = useIsSignedInHere();
  const saved = useGetUserDataQuery(
    {
      params: { product: PRODUCT },
      request: { fetchMap: { crashCourseUserCode: { [lessonId]: 'TAKE' } }, fetchKey: 'TAKE' },
    },
    { skip: !signedIn },
  );
  const autosave = useProductAutosave(PRODUCT, signedIn);
  const [edited, setEdited] = useState<string | null>(null);
  const text = edited ?? savedCodeOf(saved.data, lessonId, key) ?? code;
  const keep = (next: string) => {
    setEdited(next);
    autosave({ crashCourseUserCode: { [lessonId]: { [key]: next } } });
  };
  return { text, keep, signedIn };
}

type RunnableExampleProps = {
  lessonId: string;
  /** Its place among the lesson's program examples: the key its edits are kept under. */
  index: number;
  /** Its place among all the lesson's examples, as the learner reads them. */
  number: number;
  code: string;
};

/**
 * One runnable example of a crash-course lesson: its code in an editable box, Run (Ctrl/Cmd + Enter in
 * the box) sends it to run-repl (Node, in the sandbox) and shows what it printed. The learner's edits
 * are kept per lesson and example in `crashCourseUserCode`; Reset puts the lesson's code back.
 */
export function RunnableExample({ lessonId, index, number, code }: RunnableExampleProps) {
  const dispatch = useAppDispatch();
  const { text, keep, signedIn } = useKeptExample(lessonId, String(index), code);
  const [run, running] = useRunExampleMutation();
  const [output, setOutput] = useState<{ text: string; failed: boolean } | null>(null);
  const label = `Example ${number}`;

  const execute = async () => {
    if (!signedIn) {
      dispatch(signInModalOpened({ text: 'Log in to run the examples and keep your changes.' }));
      return;
    }
    if (running.isLoading) return;
    const result = await run({
      params: { product: PRODUCT },
      request: { language: 'javascript', code: text },
    });
    if ('error' in result) setOutput({ text: getApiErrorMessage(result.error), failed: true });
    else
      setOutput({
        text: result.data.RawOutput || '(nothing was printed)',
        failed: result.data.HasError || result.data.OutOfResources,
      });
  };

  return (
    <section className="runnable-example" aria-label={label}>
      <div className="runnable-example__bar">
        <span className="runnable-example__title">{label} · JavaScript</span>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => keep(code)}
          disabled={text === code}
        >
          Reset
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => void execute()}
          disabled={running.isLoading}
        >
          {running.isLoading ? 'Running…' : 'Run'}
        </button>
      </div>
      <textarea
        className="runnable-example__code"
        aria-label={`${label}: code you can edit`}
        spellCheck={false}
        value={text}
        rows={Math.min(24, text.split('\n').length + 1)}
        onChange={(event) => keep(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            void execute();
          }
        }}
      />
      {output ? (
        <div aria-live="polite">
          <p className="visually-hidden">{label}: output</p>
          <pre
            className="runnable-example__output"
            data-failed={output.failed ? 'true' : 'false'}
            tabIndex={0}
          >
            {output.text}
          </pre>
        </div>
      ) : null}
    </section>
  );
}

function savedCodeOf(data: unknown, lessonId: string, key: string): string | undefined {
  if (!isRecord(data) || !isRecord(data.crashCourseUserCode)) return undefined;
  const lesson = data.crashCourseUserCode[lessonId];
  if (!isRecord(lesson)) return undefined;
  const value = lesson[key];
  return typeof value === 'string' ? value : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
