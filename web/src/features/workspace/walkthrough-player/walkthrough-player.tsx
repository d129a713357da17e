import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { getCodingQuestionTraceRoute, type WalkthroughTrace } from '@app/contracts';
import { api } from '@/shared/api/api-slice';
import { contractQuery } from '@/shared/api/contract-endpoint';
import { Button } from '@/shared/ui/button';
import { Loader } from '@/shared/ui/loader';
import type { WorkspaceQuestion } from '../workspace-question';
import { useWorkspaceProduct } from '../workspace-product';
import { type Names, type Pointer, ValueView } from './value-views';
import {
  type FrameState,
  type Heap,
  type Snapshot,
  isListNode,
  isRef,
  isTreeNode,
  layoutTree,
  listChain,
  snapshotsOf,
  stepCaption,
  valueText,
  variableKey,
} from './trace-model';
import './walkthrough-player.css';

/*
 * The animated walkthrough (the workspace's video pane): the question's Python reference solution run
 * step by step on an example, as traced when the content was built. The code with the line about to
 * run, the call stack with each frame's variables, arrays as cells with the variables that index them,
 * dicts as tables, linked lists and trees drawn. Play, pause, step, a speed; the keyboard does it all
 * (arrows, Home, End, Space). This module and its data load only when the pane is opened.
 */

const walkthroughApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCodingQuestionTrace: contractQuery(build, getCodingQuestionTraceRoute, {
      providesTags: ['Catalogue'],
    }),
  }),
});

const speeds = [
  { label: '0.5×', ms: 1600 },
  { label: '1×', ms: 800 },
  { label: '2×', ms: 400 },
  { label: '4×', ms: 200 },
];

export function WalkthroughPlayer({ question }: { question: WorkspaceQuestion }) {
  const [shown, setShown] = useState(false);
  if (!shown) {
    return (
      <div className="info-pane__body walkthrough-player">
        <p>
          Watch the reference solution run on an example, one step at a time: the line it runs, the calls on
          the stack, and every variable and data structure as it changes.
        </p>
        <Button variant="secondary" onClick={() => setShown(true)}>
          Show Animated Walkthrough
        </Button>
      </div>
    );
  }
  return <TraceLoader question={question} />;
}

function TraceLoader({ question }: { question: WorkspaceQuestion }) {
  const { params } = useWorkspaceProduct();
  const { data, error, isLoading } = walkthroughApi.useGetCodingQuestionTraceQuery({
    params,
    request: { uid: question.uid },
  });
  if (isLoading) return <Loader label="Loading the walkthrough" />;
  if (error || !data)
    return (
      <div className="info-pane__body walkthrough-player">
        <p role="alert">The walkthrough could not be loaded. Try again in a moment.</p>
      </div>
    );
  if (!data.trace)
    return (
      <div className="info-pane__body walkthrough-player">
        <p>
          This question has no animated walkthrough yet. The Walkthrough pane explains the solution in words.
        </p>
      </div>
    );
  return <Player trace={data.trace} />;
}

function Player({ trace }: { trace: WalkthroughTrace }) {
  const snapshots = useMemo(() => snapshotsOf(trace), [trace]);
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(1);
  const last = snapshots.length - 1;
  const snapshot = snapshots[Math.min(index, last)];

  useEffect(() => {
    if (!playing) return;
    if (index >= last) {
      setPlaying(false);
      return;
    }
    const timer = window.setTimeout(() => setIndex((i) => Math.min(i + 1, last)), speeds[speed].ms);
    return () => window.clearTimeout(timer);
  }, [playing, index, last, speed]);

  const go = (next: number) => {
    setPlaying(false);
    setIndex(Math.max(0, Math.min(last, next)));
  };
  const togglePlay = () => {
    if (!playing && index >= last) setIndex(0);
    setPlaying((p) => !p);
  };

  function handleKey(event: KeyboardEvent<HTMLElement>) {
    const target = event.target as HTMLElement;
    if (target.closest('input, select, textarea')) return;
    const actions: Record<string, () => void> = {
      ArrowRight: () => go(index + 1),
      ArrowLeft: () => go(index - 1),
      Home: () => go(0),
      End: () => go(last),
      ' ': togglePlay,
      k: togglePlay,
    };
    const action = actions[event.key];
    if (!action || (event.key === ' ' && target.tagName === 'BUTTON')) return;
    event.preventDefault();
    action();
  }

  const caption = stepCaption(snapshot, snapshot.heap);
  const skippedBefore = snapshot.step.skipped;
  return (
    <section
      className="info-pane__body walkthrough-player"
      aria-label="Animated walkthrough"
      aria-roledescription="step-by-step player"
      onKeyDown={handleKey}
    >
      <div className="wt-example">
        <p>
          <strong>Example:</strong>{' '}
          <code>{trace.params.map((name) => `${name} = ${compact(trace.input[name])}`).join(', ')}</code> →{' '}
          <code>{compact(trace.output)}</code>
          {JSON.stringify(trace.output) === JSON.stringify(trace.expected) ? null : (
            <>
              {' '}
              (expected <code>{compact(trace.expected)}</code>, the same answer)
            </>
          )}
        </p>
        <p className="wt-muted">
          The Python reference solution, traced with {trace.runtime}.
          {trace.truncated
            ? ` Only the first ${trace.steps.length - 1} steps and the final return are shown: ${trace.skippedSteps} steps in between are left out.`
            : ` ${snapshots.length} steps.`}
        </p>
      </div>

      <div className="wt-controls" role="group" aria-label="Walkthrough controls">
        <button
          type="button"
          className="wt-button"
          onClick={() => go(0)}
          disabled={index === 0}
          aria-label="First step"
        >
          <Icon shape="first" />
        </button>
        <button
          type="button"
          className="wt-button"
          onClick={() => go(index - 1)}
          disabled={index === 0}
          aria-label="Previous step"
        >
          <Icon shape="previous" />
        </button>
        <button
          type="button"
          className="wt-button wt-button--play"
          onClick={togglePlay}
          aria-label={playing ? 'Pause' : 'Play'}
        >
          <Icon shape={playing ? 'pause' : 'play'} />
        </button>
        <button
          type="button"
          className="wt-button"
          onClick={() => go(index + 1)}
          disabled={index === last}
          aria-label="Next step"
        >
          <Icon shape="next" />
        </button>
        <button
          type="button"
          className="wt-button"
          onClick={() => go(last)}
          disabled={index === last}
          aria-label="Last step"
        >
          <Icon shape="last" />
        </button>
        <label className="wt-speed">
          <span>Speed</span>
          <select value={speed} onChange={(event) => setSpeed(Number(event.target.value))}>
            {speeds.map((s, i) => (
              <option key={s.label} value={i}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        <label className="wt-scrub">
          <span className="visually-hidden">Step</span>
          <input
            type="range"
            min={1}
            max={snapshots.length}
            value={index + 1}
            aria-valuetext={`Step ${index + 1} of ${snapshots.length}`}
            onChange={(event) => go(Number(event.target.value) - 1)}
          />
        </label>
        <span className="wt-counter" data-testid="walkthrough-step">
          Step {index + 1} of {snapshots.length}
        </span>
      </div>

      <p className="wt-caption" aria-live={playing ? 'off' : 'polite'} aria-atomic="true">
        {skippedBefore ? `(${skippedBefore} steps left out) ` : ''}
        {caption}
        {snapshot.step.event === 'return' && snapshot.index === last ? ' — the answer.' : ''}
      </p>

      <div className="wt-panels">
        <CodeView code={trace.code} line={snapshot.step.line} event={snapshot.step.event} />
        <StackView trace={trace} snapshot={snapshot} />
      </div>
    </section>
  );
}

const iconPaths = {
  first: 'M3 2h2v12H3zM14 2v12L6 8z',
  previous: 'M12 2v12L3 8z',
  play: 'M4 2l10 6-10 6z',
  pause: 'M3 2h4v12H3zM9 2h4v12H9z',
  next: 'M3 2l9 6-9 6zM12 2h2v12h-2z',
  last: 'M2 2l8 6-8 6zM11 2h2v12h-2z',
};

/** The controls' symbols, drawn (fonts lack some media symbols); the buttons carry the names. */
function Icon({ shape }: { shape: keyof typeof iconPaths }) {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d={iconPaths[shape]} fill="currentColor" />
    </svg>
  );
}

const compact = (value: unknown) => {
  const text = JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 159)}…` : text;
};

function CodeView({ code, line, event }: { code: string; line: number; event: string }) {
  const current = useRef<HTMLLIElement>(null);
  useEffect(() => {
    // Scroll the code alone (scrollIntoView would move the pane and hide the controls).
    const element = current.current;
    const list = element?.parentElement;
    if (!element || !list) return;
    const top = element.offsetTop;
    const bottom = top + element.offsetHeight;
    if (top < list.scrollTop) list.scrollTop = Math.max(0, top - 8);
    else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight + 8;
  }, [line]);
  const lines = code.replace(/\n$/, '').split('\n');
  return (
    <figure className="wt-code-figure">
      <figcaption className="visually-hidden">
        Reference solution (Python), line {line} highlighted
      </figcaption>
      <ol className="wt-code" tabIndex={0} aria-label="Reference solution">
        {lines.map((text, i) => {
          const isCurrent = i + 1 === line;
          return (
            <li
              key={i}
              ref={isCurrent ? current : undefined}
              className={
                isCurrent ? `wt-code__line wt-code__line--current wt-code__line--${event}` : 'wt-code__line'
              }
              aria-current={isCurrent ? 'step' : undefined}
            >
              <span className="wt-code__number" aria-hidden="true">
                {i + 1}
              </span>
              <code>{text || ' '}</code>
            </li>
          );
        })}
      </ol>
    </figure>
  );
}

function StackView({ trace, snapshot }: { trace: WalkthroughTrace; snapshot: Snapshot }) {
  const names = useMemo(() => namesOf(snapshot.frames), [snapshot]);
  const frames = [...snapshot.frames].reverse();
  return (
    <div className="wt-stack-panel">
      <h3 className="wt-heading">Call stack</h3>
      <ol className="wt-stack" aria-label="Call stack, innermost call first">
        {frames.map((frame, i) => (
          <li key={frame.id} className={i === 0 ? 'wt-frame wt-frame--top' : 'wt-frame'}>
            <p className="wt-frame__name">
              <code>{frame.name}</code> <span className="wt-muted">line {frame.line}</span>
            </p>
            <div
              className="wt-frame__body"
              tabIndex={0}
              role="group"
              aria-label={`Variables of ${frame.name}`}
            >
              <FrameVariables
                frame={frame}
                heap={snapshot.heap}
                names={names}
                indexes={trace.indexes[frame.name] ?? {}}
                changed={snapshot.changedVariables}
                brief={i > 0}
              />
            </div>
            {i === 0 && snapshot.step.event === 'return' && snapshot.step.value !== undefined ? (
              <p className="wt-return">
                returns <ValueView value={snapshot.step.value} heap={snapshot.heap} names={names} />
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  );
}

function FrameVariables({
  frame,
  heap,
  names,
  indexes,
  changed,
  brief,
}: {
  /** Callers' frames show their values as text; the running frame draws its data. */
  brief: boolean;
  frame: FrameState;
  heap: Heap;
  names: Names;
  indexes: Record<string, string[]>;
  changed: ReadonlySet<string>;
}) {
  const entries = Object.entries(frame.variables);
  if (entries.length === 0) return <p className="wt-muted">No variables yet.</p>;
  // A node reachable from a structure drawn above is named there instead of drawn again.
  const drawn = new Set<number>();
  return (
    <table className="wt-vars">
      <caption className="visually-hidden">Variables of {frame.name}</caption>
      <tbody>
        {entries.map(([name, value]) => {
          const pointers: Pointer[] = (indexes[name] ?? [])
            .map((indexName) => ({ name: indexName, index: frame.variables[indexName] }))
            .filter((p): p is Pointer => typeof p.index === 'number' && Number.isInteger(p.index));
          let view = brief ? (
            <code className="wt-scalar">{valueText(value, heap)}</code>
          ) : (
            <ValueView value={value} heap={heap} names={names} pointers={pointers} />
          );
          if (!brief && isRef(value)) {
            const object = heap.get(value.ref);
            if (isTreeNode(object) || isListNode(object)) {
              if (drawn.has(value.ref)) view = <span className="wt-muted">a node drawn above</span>;
              else
                for (const id of isTreeNode(object)
                  ? layoutTree(value.ref, heap).map((n) => n.id)
                  : listChain(value.ref, heap).ids)
                  drawn.add(id);
            }
          }
          const isChanged = changed.has(variableKey(frame.id, name));
          return (
            <tr key={name} className={isChanged ? 'wt-var wt-var--changed' : 'wt-var'}>
              <th scope="row">
                <code>{name}</code>
                {isChanged ? <span className="visually-hidden"> (changed)</span> : null}
              </th>
              <td>{view}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The variables naming each heap object, innermost frame first. */
function namesOf(frames: FrameState[]): Names {
  const names = new Map<number, string[]>();
  for (const frame of [...frames].reverse())
    for (const [name, value] of Object.entries(frame.variables)) {
      if (!isRef(value)) continue;
      const list = names.get(value.ref) ?? [];
      if (!list.includes(name)) list.push(name);
      names.set(value.ref, list);
    }
  return names;
}

export default WalkthroughPlayer;
