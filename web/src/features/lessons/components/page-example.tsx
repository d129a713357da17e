import { useEffect, useRef, useState } from 'react';
import { useKeptExample } from './runnable-example';

/** A block the lesson marks as a page to render (```html runnable): a whole HTML document. */
export const isPageExample = (lang: string | undefined) => /^html\s+runnable$/.test(lang?.trim() ?? '');

/** How long the preview waits after the last keystroke before it renders the page again. */
const REFRESH_AFTER_MS = 600;
const MAX_CONSOLE_LINES = 200;

type ConsoleLine = { level: 'log' | 'info' | 'warn' | 'error'; text: string };

/**
 * Put first in the page: its console and uncaught errors are posted to this page (the frame has no other
 * way out), so what the example logs shows under it.
 */
const CONSOLE_BRIDGE = `<script>(() => {
  const send = (level, args) => {
    const text = args.map((value) => {
      if (value instanceof Error) return value.stack || String(value);
      if (typeof value === 'string') return value;
      try { return JSON.stringify(value); } catch { return String(value); }
    }).join(' ');
    parent.postMessage({ lessonExampleConsole: true, level, text }, '*');
  };
  for (const level of ['log', 'info', 'warn', 'error']) {
    const original = console[level].bind(console);
    console[level] = (...args) => { send(level, args); original(...args); };
  }
  addEventListener('error', (event) => send('error', [event.error ?? event.message]));
  addEventListener('unhandledrejection', (event) => send('error', ['Unhandled rejection:', event.reason]));
})();</script>`;

/** The example's page with the console bridge placed before any of its own scripts. */
function pageWithConsole(html: string): string {
  const head = /<head[^>]*>/i.exec(html);
  if (head)
    return (
      html.slice(0, head.index + head[0].length) + CONSOLE_BRIDGE + html.slice(head.index + head[0].length)
    );
  return CONSOLE_BRIDGE + html;
}

type PageExampleProps = {
  lessonId: string;
  /** Its place among the lesson's page examples: its edits are kept under `page-<index>`. */
  index: number;
  /** Its place among all the lesson's examples, as the learner reads them. */
  number: number;
  code: string;
};

/**
 * One page example of a crash-course lesson: the HTML document in an editable box and the page it
 * renders beside it, in a frame that may run scripts and nothing else (no same origin: it cannot reach
 * this page, its storage or its session). The preview follows the edits; Run (Ctrl/Cmd + Enter) renders
 * it again from the start; what the page logs is listed under it. Edits are kept like the program
 * examples' (crashCourseUserCode), Reset puts the lesson's page back. Nothing runs on the server.
 */
export function PageExample({ lessonId, index, number, code }: PageExampleProps) {
  const { text, keep } = useKeptExample(lessonId, `page-${index}`, code);
  const [rendered, setRendered] = useState(text);
  const [run, setRun] = useState(0);
  const [lines, setLines] = useState<ConsoleLine[]>([]);
  const frame = useRef<HTMLIFrameElement>(null);
  const label = `Example ${number}`;

  // The preview follows the code a moment after the last edit (and when the saved version arrives).
  useEffect(() => {
    if (text === rendered) return;
    const timer = setTimeout(() => {
      setLines([]);
      setRendered(text);
    }, REFRESH_AFTER_MS);
    return () => clearTimeout(timer);
  }, [text, rendered]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.current?.contentWindow) return;
      const data: unknown = event.data;
      if (typeof data !== 'object' || data === null || !('lessonExampleConsole' in data)) return;
      const { level, text: line } = data as { level?: unknown; text?: unknown };
      if (typeof line !== 'string') return;
      const known: ConsoleLine['level'] =
        level === 'info' || level === 'warn' || level === 'error' ? level : 'log';
      setLines((before) =>
        [...before, { level: known, text: line.slice(0, 2000) }].slice(-MAX_CONSOLE_LINES),
      );
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  const renderAgain = () => {
    setLines([]);
    setRendered(text);
    setRun((count) => count + 1);
  };

  return (
    <section className="runnable-example runnable-example--page" aria-label={label}>
      <div className="runnable-example__bar">
        <span className="runnable-example__title">{label} · HTML page</span>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => keep(code)}
          disabled={text === code}
        >
          Reset
        </button>
        <button type="button" className="button button--primary" onClick={renderAgain}>
          Run
        </button>
      </div>
      <div className="runnable-example__split">
        <textarea
          className="runnable-example__code"
          aria-label={`${label}: page you can edit`}
          spellCheck={false}
          value={text}
          rows={Math.min(24, text.split('\n').length + 1)}
          onChange={(event) => keep(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              renderAgain();
            }
          }}
        />
        <iframe
          key={run}
          ref={frame}
          title={`${label}: the page it renders`}
          sandbox="allow-scripts"
          srcDoc={pageWithConsole(rendered)}
          loading="lazy"
          className="runnable-example__frame"
        />
      </div>
      {lines.length > 0 ? (
        <div aria-live="polite">
          <p className="visually-hidden">{label}: console</p>
          <ol className="runnable-example__console" tabIndex={0} aria-label={`${label}: console`}>
            {lines.map((line, i) => (
              <li key={i} data-level={line.level}>
                {line.text}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </section>
  );
}
