import { type ReactNode, Suspense, lazy, useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  type MilestoneResult,
  type ScenarioResult,
  type SolidityTest,
  normalizeWorkspaceOptions,
} from '@app/contracts';
import { getApiErrorMessage } from '@/shared/api/api-error';
import { useGetUserDataQuery } from '@/shared/api/problems-api';
import { useProductAutosave } from '@/shared/api/use-product-autosave';
import { signInModalOpened } from '@/shared/auth/sign-in-modal-slice';
import { useIsSignedInHere } from '@/shared/auth/session-slice';
import { useAppDispatch } from '@/shared/lib/store';
import { Loader } from '@/shared/ui/loader';
import { useSubmitSolidityMutation } from '../api/solidity-api';
import './solidity-workspace.css';

/** Monaco loads with the editor, never with the page's first chunk. */
const CodeEditor = lazy(() => import('../editor/code-editor').then((m) => ({ default: m.CodeEditor })));

/** A tab of the left pane: its label and what it shows. */
export type SolidityTab = { id: string; label: string; content: ReactNode };

type SolidityWorkspaceProps = {
  kind: 'question' | 'project';
  id: string;
  version: number;
  title: string;
  /** The header above the panes: breadcrumbs, badges. */
  header: ReactNode;
  tabs: SolidityTab[];
  starter: string;
  /** A project's milestones, shown with their state after a run. */
  milestones?: { index: number; title: string }[];
  /** Called with each judged answer (a project marks its milestones). */
  onJudged?: (answer: { milestones?: MilestoneResult[] }) => void;
};

type Verdict = {
  status: string;
  compileError: string | null;
  scenarios: ScenarioResult[];
  milestones?: MilestoneResult[];
};

const PRODUCT = 'blockchainexpert' as const;

/**
 * The Solidity workspace (blockchain questions and projects): the prompt or brief beside an editor; Run
 * Tests (Ctrl/Cmd + ') submits the contract, which the server compiles with solc and runs against every
 * scenario in an EVM inside the sandbox. The code is kept in the learner's blockchain user data (`code`).
 */
export function SolidityWorkspace(props: SolidityWorkspaceProps) {
  const { kind, id, version, title, header, tabs, starter, milestones } = props;
  const signedIn = useIsSignedInHere();
  const dispatch = useAppDispatch();
  const [tab, setTab] = useState(tabs[0]?.id ?? '');
  const saved = useGetUserDataQuery(
    {
      params: { product: PRODUCT },
      request: { fetchMap: { code: 'TAKE', workspaceOptions: 'TAKE' }, fetchKey: 'TAKE' },
    },
    { skip: !signedIn },
  );
  const autosave = useProductAutosave(PRODUCT, signedIn);
  const [submit, submission] = useSubmitSolidityMutation();
  const [code, setCode] = useState<string | null>(null);
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [error, setError] = useState<string | null>(null);
  const codeKey = `${kind}:${id}`;
  const savedCode = codeOf(saved.data, codeKey);
  const options = normalizeWorkspaceOptions(workspaceOptionsOf(saved.data));
  const ready = !signedIn || !saved.isLoading;
  const text = code ?? savedCode ?? starter;

  // The learner's code is saved a moment after they stop typing.
  const onChange = useCallback(
    (next: string) => {
      setCode(next);
      autosave({ code: { [codeKey]: next } });
    },
    [autosave, codeKey],
  );

  const run = useCallback(async () => {
    if (!signedIn) {
      dispatch(
        signInModalOpened({ text: 'Log in to run your contract against the tests and keep your code.' }),
      );
      return;
    }
    if (submission.isLoading) return;
    setError(null);
    const result = await submit({
      params: { product: PRODUCT },
      request: { questionId: id, kind, language: 'solidity', code: text, questionVersion: version },
    });
    if ('error' in result) {
      setError(getApiErrorMessage(result.error));
      return;
    }
    const answer = result.data;
    setVerdict({
      status: answer.submission.status,
      compileError: answer.HasError ? answer.RawOutput : null,
      scenarios: answer.scenarios,
      milestones: answer.milestones,
    });
    props.onJudged?.({ milestones: answer.milestones });
  }, [dispatch, id, kind, props, signedIn, submission.isLoading, submit, text, version]);

  const reset = () => {
    if (window.confirm('Replace your code with the starter contract?')) onChange(starter);
  };

  return (
    <div className="solidity-workspace" data-kind={kind}>
      {header}
      <div className="solidity-workspace__panes">
        <section className="solidity-workspace__info" aria-label={`${title}: prompt`}>
          <div role="tablist" aria-label="Question panes" className="solidity-tabs">
            {tabs.map((t) => (
              <button
                key={t.id}
                type="button"
                role="tab"
                id={`solidity-tab-${t.id}`}
                aria-selected={t.id === tab}
                aria-controls={`solidity-panel-${t.id}`}
                tabIndex={t.id === tab ? 0 : -1}
                className="solidity-tabs__tab"
                onClick={() => setTab(t.id)}
                onKeyDown={(event) => {
                  const at = tabs.findIndex((x) => x.id === t.id);
                  const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
                  if (!step) return;
                  const next = tabs[(at + step + tabs.length) % tabs.length];
                  setTab(next.id);
                  document.getElementById(`solidity-tab-${next.id}`)?.focus();
                }}
              >
                {t.label}
              </button>
            ))}
          </div>
          {tabs.map((t) => (
            <div
              key={t.id}
              role="tabpanel"
              id={`solidity-panel-${t.id}`}
              aria-labelledby={`solidity-tab-${t.id}`}
              hidden={t.id !== tab}
              className="solidity-workspace__panel"
              tabIndex={0}
            >
              {t.content}
            </div>
          ))}
        </section>
        <section className="solidity-workspace__code" aria-label="Your contract">
          <div className="solidity-workspace__bar">
            <span className="solidity-workspace__file">Solution.sol</span>
            <button type="button" className="button button--secondary" onClick={reset}>
              Reset
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={() => void run()}
              disabled={!ready || submission.isLoading}
              aria-keyshortcuts="Control+' Meta+'"
              title="Run Tests (Ctrl + ')"
            >
              {submission.isLoading ? 'Running…' : 'Run Tests'}
            </button>
          </div>
          {ready ? (
            <Suspense fallback={<Loader label="Loading the editor" />}>
              <CodeEditor
                path={`blockchain/${kind}/${id}/Solution.sol`}
                language="solidity"
                value={text}
                onChange={onChange}
                themeId={options.syntaxHighlightTheme}
                syntaxHighlight={options.syntaxHighlight}
                keymap={options.keymap}
                fontZoom={options.fontZoom}
                onRun={() => void run()}
                onSubmit={() => void run()}
                ariaLabel="Solidity editor: Solution.sol"
                className="solidity-workspace__editor"
              />
            </Suspense>
          ) : (
            <Loader label="Loading your code" />
          )}
          <Results
            running={submission.isLoading}
            verdict={verdict}
            error={error}
            milestones={milestones}
            signedIn={signedIn}
          />
        </section>
      </div>
    </div>
  );
}

function Results({
  running,
  verdict,
  error,
  milestones,
  signedIn,
}: {
  running: boolean;
  verdict: Verdict | null;
  error: string | null;
  milestones?: { index: number; title: string }[];
  signedIn: boolean;
}) {
  return (
    <div className="solidity-results" aria-live="polite" aria-busy={running}>
      <h2 className="solidity-results__title">Test results</h2>
      {running ? (
        <Loader label="Compiling with solc and running the scenarios" />
      ) : error ? (
        <p role="alert" className="solidity-results__error">
          {error}
        </p>
      ) : !verdict ? (
        <p className="solidity-results__empty">
          {signedIn
            ? 'Run Tests compiles your contract with solc 0.8 and runs every scenario in a fresh EVM. Hidden scenarios show only whether they passed.'
            : 'Log in to run your contract against the tests.'}
        </p>
      ) : verdict.compileError !== null ? (
        <>
          <p className="solidity-results__status" data-status="compile-error">
            Compilation failed
          </p>
          <pre className="solidity-results__output" tabIndex={0}>
            {verdict.compileError}
          </pre>
        </>
      ) : (
        <>
          <p className="solidity-results__status" data-status={verdict.status}>
            {verdict.status === 'CORRECT'
              ? 'All tests passed'
              : `${verdict.scenarios.filter((s) => s.passed).length} of ${verdict.scenarios.length} tests passed`}
          </p>
          {milestones && verdict.milestones ? (
            <ol className="solidity-results__milestones" aria-label="Milestones">
              {verdict.milestones.map((m) => (
                <li key={m.index} data-passed={m.passed ? 'true' : 'false'}>
                  <span aria-hidden="true">{m.passed ? '✓' : '✗'}</span> {m.title}: {m.testsPassed} of{' '}
                  {m.testsTotal}
                  <span className="visually-hidden">{m.passed ? ', passed' : ', not passed yet'}</span>
                </li>
              ))}
            </ol>
          ) : null}
          <ul className="solidity-results__list">
            {verdict.scenarios.map((scenario, i) => (
              <li key={i} className="solidity-result" data-passed={scenario.passed ? 'true' : 'false'}>
                <span className="solidity-result__mark" aria-hidden="true">
                  {scenario.passed ? '✓' : '✗'}
                </span>
                <span className="solidity-result__name">
                  {scenario.name ?? `Hidden test ${i + 1}`}
                  <span className="visually-hidden">{scenario.passed ? ': passed' : ': failed'}</span>
                </span>
                {scenario.reason ? <span className="solidity-result__reason">{scenario.reason}</span> : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** The visible test scenarios, as the prompt's Tests tab lists them. */
export function ScenarioList({ tests }: { tests: SolidityTest[] }) {
  if (tests.length === 0) return <p>Every test of this part is hidden.</p>;
  return (
    <ol className="solidity-scenarios">
      {tests.map((test) => (
        <li key={test.name}>
          <p className="solidity-scenarios__name">{test.name}</p>
          <ol className="solidity-scenarios__steps">
            {test.steps.map((step, i) => (
              <li key={i}>
                <code>{describeStep(step)}</code>
                {step.expect ? (
                  <span className="solidity-scenarios__expect"> → {describeExpect(step.expect)}</span>
                ) : null}
              </li>
            ))}
          </ol>
        </li>
      ))}
    </ol>
  );
}

type Step = SolidityTest['steps'][number];

function describeStep(step: Step): string {
  const who = step.from ?? 'deployer';
  const args = (step.args ?? []).map((a) => JSON.stringify(a)).join(', ');
  const value = step.value && step.value !== '0' ? ` {value: ${step.value} wei}` : '';
  const wait = step.advance ? `after ${step.advance} s, ` : '';
  if ('call' in step) {
    const target = step.to && step.to !== 'contract' ? `${step.to}.` : '';
    return `${wait}${who}: ${target}${step.call}(${args})${value}`;
  }
  return `${wait}${who}: deploy ${step.deploy}(${args}) as @${step.as}${value}`;
}

function describeExpect(expect: NonNullable<Step['expect']>): string {
  const parts: string[] = [];
  if (expect.returns) parts.push(`returns ${expect.returns.map((v) => JSON.stringify(v)).join(', ')}`);
  if (expect.revert === true) parts.push('reverts');
  else if (expect.revert) {
    const r = expect.revert;
    parts.push(
      `reverts with ${r.error ? `${r.error}(${(r.args ?? []).map((v) => JSON.stringify(v)).join(', ')})` : r.reason ? `"${r.reason}"` : r.panic !== undefined ? `panic ${r.panic}` : 'an error'}`,
    );
  }
  if (expect.events) parts.push(`emits ${expect.events.map((e) => e.name).join(', ')}`);
  if (expect.balances)
    parts.push(
      `balances ${Object.entries(expect.balances)
        .map(([who, wei]) => `${who} = ${wei}`)
        .join(', ')}`,
    );
  return parts.join('; ') || 'succeeds';
}

/** The learner's saved code of one item, from the blockchain user data's `code` map. */
function codeOf(data: unknown, key: string): string | undefined {
  if (!isRecord(data) || !isRecord(data.code)) return undefined;
  const value = data.code[key];
  return typeof value === 'string' ? value : undefined;
}

function workspaceOptionsOf(data: unknown): unknown {
  return isRecord(data) ? data.workspaceOptions : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A link back to the list the item belongs to. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="solidity-workspace__back">
      {children}
    </Link>
  );
}
