import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  type BrowserTestResult,
  type FrontendQuestionFields,
  type ScreenshotComparison,
  difficultyLabels,
  frontendQuestionFieldsSchema,
  type getCodingQuestion,
  normalizeWorkspaceOptions,
} from '@app/contracts';
import { getApiErrorMessage } from '@/shared/api/api-error';
import type { CallResponse } from '@/shared/api/contract-endpoint';
import { useProductAutosave } from '@/shared/api/use-product-autosave';
import { useGetCodingQuestionQuery, useGetUserDataQuery } from '@/shared/api/problems-api';
import { signInModalOpened } from '@/shared/auth/sign-in-modal-slice';
import { useIsSignedInHere } from '@/shared/auth/session-slice';
import { products } from '@/shared/catalog/products';
import { useAppDispatch } from '@/shared/lib/store';
import { Loader } from '@/shared/ui/loader';
import { Markdown } from '@/shared/ui/markdown';
import { NotFound } from '@/shared/ui/not-found';
import { PageHeader } from '@/shared/ui/page';
import {
  useRunMochaMutation,
  useSubmitMochaMutation,
  useSubmitScreenshotMutation,
} from '../api/frontend-api';
import './solidity-workspace.css';

/** Monaco loads with the editor, never with the page's first chunk. */
const CodeEditor = lazy(() => import('../editor/code-editor').then((m) => ({ default: m.CodeEditor })));

const PRODUCT = 'frontendexpert' as const;
const LIST_PATH = '/frontend/coding-questions';

type Files = { html: string; css: string; js: string };
type FileId = keyof Files;
const fileTabs: { id: FileId; name: string; language: 'html' | 'css' | 'javascript' }[] = [
  { id: 'html', name: 'index.html', language: 'html' },
  { id: 'css', name: 'styles.css', language: 'css' },
  { id: 'js', name: 'script.js', language: 'javascript' },
];

type CodingQuestionDetail = CallResponse<typeof getCodingQuestion>;
type FrontendDetail = CodingQuestionDetail & FrontendQuestionFields;

type Verdict =
  | { kind: 'tests'; recorded: boolean; status?: string; tests: BrowserTestResult[]; blocked: string[] }
  | { kind: 'screenshot'; status: string; comparison: ScreenshotComparison };

/**
 * A frontend coding question (`/frontend/coding-questions/:questionId`): the prompt beside the page's three
 * files and a live preview (a sandboxed frame in the browser). Run Tests runs the question's mocha tests
 * on the server; Submit records a judgement made on the server (its tests, or its screenshot compared with
 * the reference), so a learner cannot fake a pass. The files are kept in the user data (`solutionsCode`).
 */
export function FrontendQuestionPage({ questionId }: { questionId: string }) {
  const question = useGetCodingQuestionQuery({ params: { product: PRODUCT }, request: { name: questionId } });
  if (question.isLoading) return <Loader label="Loading the question" size="large" />;
  if (question.error) {
    const status = 'status' in question.error ? question.error.status : undefined;
    if (status === 404) return <NotFound backTo={LIST_PATH} />;
    const product = products.frontendexpert;
    return (
      <div className="page-section">
        <PageHeader
          title={
            status === 403 ? `This question is part of ${product.name}` : 'This question could not be opened'
          }
          crumbs={[{ label: 'Coding questions', to: LIST_PATH }]}
        />
        <p role="alert">{getApiErrorMessage(question.error)}</p>
        {status === 403 ? (
          <Link className="button button--primary" to="/purchase">
            Get {product.name}
          </Link>
        ) : (
          <button type="button" className="button button--secondary" onClick={() => void question.refetch()}>
            Try Again
          </button>
        )}
      </div>
    );
  }
  const detail = frontendDetailOf(question.data);
  if (!detail) return <NotFound backTo={LIST_PATH} />;
  return <FrontendWorkspace detail={detail} />;
}

function FrontendWorkspace({ detail }: { detail: FrontendDetail }) {
  const product = products.frontendexpert;
  const signedIn = useIsSignedInHere();
  const dispatch = useAppDispatch();
  const saved = useGetUserDataQuery(
    {
      params: { product: PRODUCT },
      request: {
        fetchMap: { solutionsCode: { [detail.id]: 'TAKE' }, workspaceOptions: 'TAKE' },
        fetchKey: 'TAKE',
      },
    },
    { skip: !signedIn },
  );
  const autosave = useProductAutosave(PRODUCT, signedIn);
  const [runMocha, mochaRun] = useRunMochaMutation();
  const [submitMocha, mochaSubmission] = useSubmitMochaMutation();
  const [submitScreenshot, screenshotSubmission] = useSubmitScreenshotMutation();
  const busy = mochaRun.isLoading || mochaSubmission.isLoading || screenshotSubmission.isLoading;
  const [infoTab, setInfoTab] = useState<'prompt' | 'tests' | 'hints' | 'solution'>('prompt');
  const [file, setFile] = useState<FileId>('html');
  const [edited, setEdited] = useState<Files | null>(null);
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [error, setError] = useState<string | null>(null);
  const files = edited ?? savedFilesOf(saved.data, detail.id) ?? detail.starterFiles;
  const options = normalizeWorkspaceOptions(isRecord(saved.data) ? saved.data.workspaceOptions : undefined);
  const ready = !signedIn || !saved.isLoading;

  /** Shows the files at once and saves them a moment after the learner stops typing. */
  const keep = (next: Files) => {
    setEdited(next);
    autosave({ solutionsCode: { [detail.id]: next } });
  };
  const onChange = (id: FileId, text: string) => keep({ ...files, [id]: text });

  const requestFiles = { 'index.html': files.html, 'styles.css': files.css, 'script.js': files.js };
  const needSignIn = () => {
    if (signedIn) return false;
    dispatch(signInModalOpened({ text: 'Log in to run the tests on your page and keep your code.' }));
    return true;
  };
  const run = async () => {
    if (needSignIn() || busy || detail.judge !== 'mocha') return;
    setError(null);
    const result = await runMocha({
      params: { product: PRODUCT },
      request: { questionId: detail.id, files: requestFiles },
    });
    if ('error' in result) return setError(getApiErrorMessage(result.error));
    setVerdict({
      kind: 'tests',
      recorded: false,
      tests: result.data.tests,
      blocked: result.data.blockedRequests,
    });
  };
  const submit = async () => {
    if (needSignIn() || busy) return;
    setError(null);
    const arg = { params: { product: PRODUCT }, request: { questionId: detail.id, files: requestFiles } };
    if (detail.judge === 'mocha') {
      const result = await submitMocha(arg);
      if ('error' in result) return setError(getApiErrorMessage(result.error));
      setVerdict({
        kind: 'tests',
        recorded: true,
        status: result.data.submission.status,
        tests: result.data.tests,
        blocked: result.data.blockedRequests,
      });
    } else {
      const result = await submitScreenshot(arg);
      if ('error' in result) return setError(getApiErrorMessage(result.error));
      setVerdict({
        kind: 'screenshot',
        status: result.data.submission.status,
        comparison: result.data.screenshot,
      });
    }
  };
  const reset = () => {
    if (window.confirm('Replace your three files with the starter files?')) {
      keep(detail.starterFiles);
    }
  };

  const infoTabs = [
    { id: 'prompt' as const, label: 'Prompt' },
    ...(detail.testsSource ? [{ id: 'tests' as const, label: 'Tests' }] : []),
    { id: 'hints' as const, label: 'Hints' },
    { id: 'solution' as const, label: 'Solution' },
  ];
  const current = fileTabs.find((tab) => tab.id === file)!;

  return (
    <div className="solidity-workspace frontend-workspace" data-judge={detail.judge}>
      <PageHeader
        title={detail.name}
        eyebrow={`${detail.category} · ${difficultyLabels[detail.difficulty]} · ${detail.judge === 'mocha' ? 'Unit tests' : 'Screenshot'}`}
        crumbs={[
          { label: product.name, to: product.productPath },
          { label: 'Index', to: '/frontend/index' },
          { label: 'Coding questions', to: LIST_PATH },
        ]}
      />
      <div className="solidity-workspace__panes">
        <section className="solidity-workspace__info" aria-label={`${detail.name}: prompt`}>
          <Tabs
            label="Question panes"
            tabs={infoTabs}
            selected={infoTab}
            onSelect={setInfoTab}
            idPrefix="info"
          />
          <div
            role="tabpanel"
            id={`info-panel-${infoTab}`}
            aria-labelledby={`info-tab-${infoTab}`}
            className="solidity-workspace__panel"
            tabIndex={0}
          >
            {infoTab === 'prompt' ? (
              <>
                <Markdown text={detail.prompt} />
                {detail.judge === 'screenshot' && detail.viewport ? (
                  <p>
                    Judged by its rendering at {detail.viewport.width} × {detail.viewport.height} px, compared
                    with the reference's within a small tolerance.
                  </p>
                ) : null}
              </>
            ) : infoTab === 'tests' ? (
              <>
                <p>
                  These mocha tests run against your page in Chromium on the server. `expect` and `assert` are
                  chai&apos;s.
                </p>
                <pre tabIndex={0}>
                  <code>{detail.testsSource}</code>
                </pre>
              </>
            ) : infoTab === 'hints' ? (
              <ol className="solidity-hints">
                {detail.hints.map((hint) => (
                  <li key={hint.title}>
                    <details>
                      <summary>{hint.title}</summary>
                      <Markdown text={hint.content} />
                    </details>
                  </li>
                ))}
              </ol>
            ) : (
              <details>
                <summary>Show the reference solution and its walkthrough</summary>
                {fileTabs.map((tab) => (
                  <section key={tab.id} aria-label={tab.name}>
                    <h3>{tab.name}</h3>
                    <pre tabIndex={0}>
                      <code>{detail.solutionFiles[tab.id]}</code>
                    </pre>
                  </section>
                ))}
                <Markdown text={detail.walkthrough} />
              </details>
            )}
          </div>
        </section>
        <section className="solidity-workspace__code" aria-label="Your page">
          <div className="solidity-workspace__bar">
            <Tabs
              label="Files"
              tabs={fileTabs.map((tab) => ({ id: tab.id, label: tab.name }))}
              selected={file}
              onSelect={setFile}
              idPrefix="file"
            />
            <span className="frontend-workspace__actions">
              <button type="button" className="button button--secondary" onClick={reset}>
                Reset
              </button>
              {detail.judge === 'mocha' ? (
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => void run()}
                  disabled={!ready || busy}
                >
                  {mochaRun.isLoading ? 'Running…' : 'Run Tests'}
                </button>
              ) : null}
              <button
                type="button"
                className="button button--primary"
                onClick={() => void submit()}
                disabled={!ready || busy}
              >
                {mochaSubmission.isLoading || screenshotSubmission.isLoading ? 'Submitting…' : 'Submit'}
              </button>
            </span>
          </div>
          <div role="tabpanel" id={`file-panel-${file}`} aria-labelledby={`file-tab-${file}`}>
            {ready ? (
              <Suspense fallback={<Loader label="Loading the editor" />}>
                <CodeEditor
                  path={`frontend/${detail.id}/${current.name}`}
                  language={current.language}
                  value={files[file]}
                  onChange={(text) => onChange(file, text)}
                  themeId={options.syntaxHighlightTheme}
                  syntaxHighlight={options.syntaxHighlight}
                  keymap={options.keymap}
                  fontZoom={options.fontZoom}
                  onRun={() => void (detail.judge === 'mocha' ? run() : submit())}
                  onSubmit={() => void submit()}
                  ariaLabel={`Editor: ${current.name}`}
                  className="solidity-workspace__editor frontend-workspace__editor"
                />
              </Suspense>
            ) : (
              <Loader label="Loading your code" />
            )}
          </div>
          <Preview files={files} title={detail.name} />
          <FrontendResults
            busy={busy}
            verdict={verdict}
            error={error}
            signedIn={signedIn}
            judge={detail.judge}
          />
        </section>
      </div>
    </div>
  );
}

function Tabs<Id extends string>({
  label,
  tabs,
  selected,
  onSelect,
  idPrefix,
}: {
  label: string;
  tabs: { id: Id; label: string }[];
  selected: Id;
  onSelect: (id: Id) => void;
  idPrefix: string;
}) {
  return (
    <div role="tablist" aria-label={label} className="solidity-tabs">
      {tabs.map((tab, index) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${tab.id}`}
          aria-selected={tab.id === selected}
          aria-controls={`${idPrefix}-panel-${tab.id}`}
          tabIndex={tab.id === selected ? 0 : -1}
          className="solidity-tabs__tab"
          onClick={() => onSelect(tab.id)}
          onKeyDown={(event) => {
            const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
            if (!step) return;
            const next = tabs[(index + step + tabs.length) % tabs.length];
            onSelect(next.id);
            document.getElementById(`${idPrefix}-tab-${next.id}`)?.focus();
          }}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

/**
 * The page as the learner's browser renders it, refreshed a moment after each edit: a frame with scripts
 * allowed and nothing else (no same origin, so it cannot reach this page, its storage or its session).
 */
function Preview({ files, title }: { files: Files; title: string }) {
  const [doc, setDoc] = useState(() => pageDocument(files));
  useEffect(() => {
    const timer = setTimeout(() => setDoc(pageDocument(files)), 500);
    return () => clearTimeout(timer);
  }, [files]);
  return (
    <details className="frontend-preview" open>
      <summary>Preview</summary>
      <iframe
        title={`Preview of your page: ${title}`}
        sandbox="allow-scripts"
        srcDoc={doc}
        className="frontend-preview__frame"
      />
    </details>
  );
}

/** index.html with its stylesheet and script inlined (the frame has no files to fetch them from). */
export function pageDocument(files: Files): string {
  const style = `<style>\n${files.css}\n</style>`;
  const script = `<script>\n${files.js.replace(/<\/script/gi, '<\\/script')}\n</script>`;
  let html = files.html;
  const linked = /<link[^>]*href=["']\.?\/?styles\.css["'][^>]*>/i;
  html = linked.test(html)
    ? html.replace(linked, () => style)
    : html.replace(/<\/head>/i, () => `${style}</head>`);
  const loaded = /<script[^>]*src=["']\.?\/?script\.js["'][^>]*>\s*<\/script>/i;
  html = loaded.test(html)
    ? html.replace(loaded, () => script)
    : html.replace(/<\/body>/i, () => `${script}</body>`);
  return html;
}

function FrontendResults({
  busy,
  verdict,
  error,
  signedIn,
  judge,
}: {
  busy: boolean;
  verdict: Verdict | null;
  error: string | null;
  signedIn: boolean;
  judge: 'mocha' | 'screenshot';
}) {
  const summary = useMemo(() => {
    if (!verdict || verdict.kind !== 'tests') return null;
    const passed = verdict.tests.filter((t) => t.passed).length;
    return passed === verdict.tests.length && passed > 0
      ? 'All tests passed'
      : `${passed} of ${verdict.tests.length} tests passed`;
  }, [verdict]);
  return (
    <div className="solidity-results" aria-live="polite" aria-busy={busy}>
      <h2 className="solidity-results__title">Results</h2>
      {busy ? (
        <Loader label="Running your page in Chromium on the server" />
      ) : error ? (
        <p role="alert" className="solidity-results__error">
          {error}
        </p>
      ) : !verdict ? (
        <p className="solidity-results__empty">
          {!signedIn
            ? 'Log in to run the tests on your page.'
            : judge === 'mocha'
              ? 'Run Tests runs the mocha tests on your page in Chromium on the server; Submit records the result.'
              : 'Submit renders your page in Chromium on the server and compares it with the reference rendering.'}
        </p>
      ) : verdict.kind === 'tests' ? (
        <>
          <p
            className="solidity-results__status"
            data-status={verdict.status ?? (summary === 'All tests passed' ? 'CORRECT' : 'INCORRECT')}
          >
            {summary}
            {verdict.recorded ? ' · submitted' : ''}
          </p>
          <ul className="solidity-results__list">
            {verdict.tests.map((test, i) => (
              <li key={i} className="solidity-result" data-passed={test.passed ? 'true' : 'false'}>
                <span className="solidity-result__mark" aria-hidden="true">
                  {test.passed ? '✓' : '✗'}
                </span>
                <span className="solidity-result__name">
                  {test.title}
                  <span className="visually-hidden">{test.passed ? ': passed' : ': failed'}</span>
                </span>
                {test.error ? <span className="solidity-result__reason">{test.error.reason}</span> : null}
                {test.output ? <pre className="solidity-result__reason">{test.output}</pre> : null}
              </li>
            ))}
          </ul>
          {verdict.blocked.length > 0 ? (
            <p className="solidity-result__reason">
              Requests refused (pages are judged offline): {verdict.blocked.join(', ')}
            </p>
          ) : null}
        </>
      ) : (
        <>
          <p className="solidity-results__status" data-status={verdict.status}>
            {verdict.status === 'CORRECT'
              ? 'Your page matches the reference'
              : 'Your page differs from the reference'}
            {verdict.comparison.diffRatio !== null
              ? ` (${(verdict.comparison.diffRatio * 100).toFixed(2)} % of pixels differ; up to ${(verdict.comparison.maxDiffRatio * 100).toFixed(2)} % allowed)`
              : ''}
          </p>
          <div className="frontend-shots">
            {verdict.comparison.image ? (
              <figure>
                <img
                  src={`data:image/png;base64,${verdict.comparison.image}`}
                  alt="Your page as the judge rendered it"
                />
                <figcaption>Your rendering</figcaption>
              </figure>
            ) : null}
            {verdict.comparison.diffImage ? (
              <figure>
                <img
                  src={`data:image/png;base64,${verdict.comparison.diffImage}`}
                  alt="The differences, in red over the reference"
                />
                <figcaption>Differences in red</figcaption>
              </figure>
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}

function frontendDetailOf(data: CodingQuestionDetail | undefined): FrontendDetail | undefined {
  const fields = frontendQuestionFieldsSchema.safeParse(data);
  if (!data || !fields.success) return undefined;
  return { ...data, ...fields.data };
}

function savedFilesOf(data: unknown, id: string): Files | undefined {
  if (!isRecord(data) || !isRecord(data.solutionsCode)) return undefined;
  return filesOf(data.solutionsCode[id]);
}

function filesOf(value: unknown): Files | undefined {
  if (!isRecord(value)) return undefined;
  const { html, css, js } = value;
  return typeof html === 'string' && typeof css === 'string' && typeof js === 'string'
    ? { html, css, js }
    : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
