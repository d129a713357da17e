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

type RunnableExampleProps = { lessonId: string; index: number; code: string };

/**
 * One runnable example of a crash-course lesson: its code in an editable box, Run (Ctrl/Cmd + Enter in
 * the box) sends it to run-repl (Node, in the sandbox) and shows what it printed. The learner's edits
 * are kept per lesson and example in `crashCourseUserCode`; Reset puts the lesson's code back.
 */
export function RunnableExample({ lessonId, index, code }: RunnableExampleProps) {
  const signedIn = useIsSignedInHere();
  const dispatch = useAppDispatch();
  const saved = useGetUserDataQuery(
    {
      params: { product: PRODUCT },
      request: { fetchMap: { crashCourseUserCode: { [lessonId]: 'TAKE' } }, fetchKey: 'TAKE' },
    },
    { skip: !signedIn },
  );
  const autosave = useProductAutosave(PRODUCT, signedIn);
  const [run, running] = useRunExampleMutation();
  const [edited, setEdited] = useState<string | null>(null);
  const [output, setOutput] = useState<{ text: string; failed: boolean } | null>(null);
  const text = edited ?? savedCodeOf(saved.data, lessonId, index) ?? code;
  const label = `Example ${index + 1}`;

  const keep = (next: string) => {
    setEdited(next);
    autosave({ crashCourseUserCode: { [lessonId]: { [String(index)]: next } } });
  };

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

function savedCodeOf(data: unknown, lessonId: string, index: number): string | undefined {
  if (!isRecord(data) || !isRecord(data.crashCourseUserCode)) return undefined;
  const lesson = data.crashCourseUserCode[lessonId];
  if (!isRecord(lesson)) return undefined;
  const value = lesson[String(index)];
  return typeof value === 'string' ? value : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
