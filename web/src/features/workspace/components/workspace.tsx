import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  type CodingLanguage,
  type SubmissionStatus,
  type WorkspaceOptions,
  type WorkspacePane,
  canClosePane,
  codingLanguages,
  defaultOpenPanes,
  executionStatusOf,
  executionStatusOfRunError,
  INVALID_QUICK_TEST_INPUT_MESSAGE,
  nextQuestion,
  normalizeWorkspaceOptions,
  paneHalves,
  submissionIndicators,
  togglePane,
  topHalfSize,
} from '@app/contracts';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import {
  useCreateSubmissionMutation,
  useListCodingQuestionsQuery,
  useListLanguagesQuery,
  useListSubmissionsQuery,
  useRunCustomInputMutation,
  useRunSandboxMutation,
  useSetUserDataMutation,
} from '@/shared/api/problems-api';
import { getApiErrorMessage } from '@/shared/api/api-error';
import { signInModalOpened } from '@/shared/auth/sign-in-modal-slice';
import { useAppDispatch } from '@/shared/lib/store';
import { noticeShown } from '@/shared/notices/notices-slice';
import { Button } from '@/shared/ui/button';
import { Loader } from '@/shared/ui/loader';
import type { WorkspaceQuestion } from '../workspace-question';
import { useDebouncedSave } from '../hooks/use-debounced-save';
import { PromptPane, ScratchpadPane, VideoPane, WalkthroughPane } from './info-panes';
import { type RunAction, type RunOutcome, RunResults } from './run-results';
import { WorkspaceSettings } from './workspace-settings';

const CodeEditor = lazy(() => import('../editor/code-editor').then((m) => ({ default: m.CodeEditor })));

const PRODUCT = 'algoexpert';
const params = { product: PRODUCT } as const;
/** Solution slots per question and language (the spec does not give the number). */
export const SOLUTION_SLOTS = 3;
const AUTOSAVE_DELAY_MS = 800;

export const languageLabels: Record<CodingLanguage, string> = {
  csharp: 'C#',
  cpp: 'C++',
  go: 'Go',
  java: 'Java',
  javascript: 'JavaScript',
  kotlin: 'Kotlin',
  python: 'Python',
  swift: 'Swift',
  typescript: 'TypeScript',
};

const paneLabels: Record<WorkspacePane, string> = {
  prompt: 'Prompt',
  scratchpad: 'Scratchpad',
  video: 'Video Explanation',
  walkthrough: 'Walkthrough',
};

/** What the learner saved for one question (spec 3, algorithms user data), plus a personal note. */
export type SavedQuestionData = {
  solutions?: Record<string, Partial<Record<CodingLanguage, string>>>;
  scratchpadText?: string;
  note?: string;
};

type WorkspaceProps = {
  question: WorkspaceQuestion;
  signedIn: boolean;
  saved: SavedQuestionData;
  savedOptions: unknown;
};

type ApiFailure = FetchBaseQueryError | SerializedError;

function errorCodeOf(error: ApiFailure): string | undefined {
  const data = 'status' in error ? (error.data as { code?: unknown } | undefined) : undefined;
  return typeof data?.code === 'string' ? data.code : undefined;
}

/**
 * The coding workspace (spec 2, 4, 5): the question's panes beside the editor and the results, in one of
 * five layouts; Run Code judges the visible tests, Submit Code every test and records the submission.
 * Code, scratchpad, note and options are saved in the learner's user data as they change.
 */
export function Workspace({ question, signedIn, saved, savedOptions }: WorkspaceProps) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [options, setOptions] = useState<WorkspaceOptions>(() => normalizeWorkspaceOptions(savedOptions));
  const [openPanes, setOpenPanes] = useState(defaultOpenPanes);
  const [activeTop, setActiveTop] = useState<WorkspacePane>('prompt');
  const [activeBottom, setActiveBottom] = useState<WorkspacePane>('scratchpad');
  const [slot, setSlot] = useState(1);
  const [fresh, setFresh] = useState(false);
  const [freshRound, setFreshRound] = useState(0);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [scratchpad, setScratchpad] = useState(saved.scratchpadText ?? '');
  const [note, setNote] = useState(saved.note ?? '');
  const [outcome, setOutcome] = useState<RunOutcome>({ kind: 'idle' });
  const busy = useRef(false);

  const [saveUserData] = useSetUserDataMutation();
  const [runSandbox] = useRunSandboxMutation();
  const [runCustomInput] = useRunCustomInputMutation();
  const [quickInput, setQuickInput] = useState(() =>
    JSON.stringify(question.tests?.[0]?.input ?? {}, null, 2),
  );
  const [createSubmission] = useCreateSubmissionMutation();
  const languagesQuery = useListLanguagesQuery();
  const list = useListCodingQuestionsQuery({ params });
  const submissions = useListSubmissionsQuery({ product: PRODUCT }, { skip: !signedIn });

  const autosave = useDebouncedSave(
    async (patch) => {
      const result = await saveUserData({ params, request: { data: patch, deepMerge: true } });
      return !('error' in result);
    },
    AUTOSAVE_DELAY_MS,
    signedIn,
  );
  const saveNow = useCallback(
    (data: Record<string, unknown>) => {
      if (signedIn) void saveUserData({ params, request: { data, deepMerge: true } });
    },
    [saveUserData, signedIn],
  );

  // Languages this question has starter code for and this deployment can run.
  const languages = useMemo(() => {
    const runnable = new Set(
      (languagesQuery.data?.languages ?? []).filter((l) => l.available).map((l) => l.language),
    );
    const withStarter = codingLanguages.filter((l) => question.starterCode?.[l] !== undefined);
    const offered = withStarter.filter((l) => runnable.size === 0 || runnable.has(l));
    return offered.length > 0 ? offered : withStarter;
  }, [languagesQuery.data, question.starterCode]);
  const language = languages.includes(options.language) ? options.language : (languages[0] ?? 'javascript');

  const starter = question.starterCode?.[language] ?? '';
  const path = fresh
    ? `${question.id}/fresh-${freshRound}/${language}`
    : `${question.id}/solution-${slot}/${language}`;
  const code = drafts[path] ?? (fresh ? starter : (saved.solutions?.[slot]?.[language] ?? starter));

  function updateOptions(change: Partial<WorkspaceOptions>) {
    const next = normalizeWorkspaceOptions({ ...options, ...change });
    setOptions(next);
    saveNow({ workspaceOptions: next });
  }

  function handleCodeChange(value: string) {
    setDrafts((current) => ({ ...current, [path]: value }));
    // Fresh practice hides the saved code and leaves it untouched.
    if (!fresh) autosave.schedule({ [question.name]: { solutions: { [slot]: { [language]: value } } } });
  }

  function handleScratchpadChange(text: string) {
    setScratchpad(text);
    autosave.schedule({ [question.name]: { scratchpadText: text } });
  }

  function handleNoteChange(text: string) {
    setNote(text);
    autosave.schedule({ [question.name]: { note: text } });
  }

  function handleResetCode() {
    setDrafts((current) => ({ ...current, [path]: starter }));
    if (!fresh) autosave.schedule({ [question.name]: { solutions: { [slot]: { [language]: starter } } } });
  }

  function handleFreshToggle() {
    setFresh((on) => !on);
    setFreshRound((round) => round + 1);
    setOutcome({ kind: 'idle' });
  }

  const copy = useCallback(
    async (text: string) => {
      try {
        await navigator.clipboard.writeText(text);
      } catch {
        // Without clipboard permission (an http page, an old browser) the selection fallback still works.
        const area = document.createElement('textarea');
        area.value = text;
        area.setAttribute('readonly', '');
        area.style.position = 'fixed';
        area.style.opacity = '0';
        document.body.append(area);
        area.select();
        document.execCommand('copy');
        area.remove();
      }
      dispatch(noticeShown('Copied to clipboard.', 'success'));
    },
    [dispatch],
  );

  const execute = useCallback(
    async (action: RunAction) => {
      if (!signedIn) {
        dispatch(
          signInModalOpened({
            text:
              action === 'run'
                ? 'Log in to run your code.'
                : 'Log in to submit your code and save your progress.',
          }),
        );
        return;
      }
      if (options.isWhiteboardModeOn && action !== 'submit') return;
      let quickTestInput: unknown;
      if (action === 'quick') {
        try {
          quickTestInput = JSON.parse(quickInput);
        } catch {
          // Spec 5: input that is not JSON never leaves the page.
          setOutcome({
            kind: 'refused',
            action,
            status: 'inputsInvalid',
            message: INVALID_QUICK_TEST_INPUT_MESSAGE,
          });
          return;
        }
      }
      // One action at a time: a double click or a repeated shortcut while judging does nothing.
      if (busy.current) return;
      busy.current = true;
      setOutcome({ kind: 'running', action });
      const request = { questionId: question.id, language, code, questionVersion: question.version };
      try {
        const result =
          action === 'run'
            ? await runSandbox({ params, request })
            : action === 'quick'
              ? await runCustomInput({ params, request: { ...request, input: quickInput } })
              : await createSubmission({
                  params,
                  idempotencyKey: crypto.randomUUID(),
                  request: { ...request, solutionNumber: slot },
                });
        if ('error' in result && result.error) {
          const errorCode = errorCodeOf(result.error);
          setOutcome({
            kind: 'refused',
            action,
            status: errorCode ? executionStatusOfRunError(errorCode) : 'unknownError',
            message: getApiErrorMessage(result.error),
          });
          return;
        }
        const response = result.data!;
        setOutcome({
          kind: 'judged',
          action,
          status: executionStatusOf(
            response,
            action === 'run' ? 'sandbox' : action === 'quick' ? 'singleTest' : 'submission',
          ),
          response,
          inputs: action === 'quick' ? [quickTestInput] : (question.tests ?? []).map((test) => test.input),
          submission:
            'submission' in response
              ? (response.submission as { status: SubmissionStatus }).status
              : undefined,
        });
      } finally {
        busy.current = false;
      }
    },
    [
      signedIn,
      options.isWhiteboardModeOn,
      question,
      language,
      code,
      slot,
      quickInput,
      runSandbox,
      runCustomInput,
      createSubmission,
      dispatch,
    ],
  );

  // Ctrl/Cmd + ' runs, with Shift submits, wherever the focus is (the editor handles its own keys).
  useEffect(() => {
    function handleKeyDown(event: KeyboardEvent) {
      if (!(event.ctrlKey || event.metaKey) || (event.key !== "'" && event.code !== 'Quote')) return;
      if (event.target instanceof Element && event.target.closest('.monaco-editor')) return;
      event.preventDefault();
      void execute(event.shiftKey ? 'submit' : 'run');
    }
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, [execute]);

  const latestStatus = submissions.data?.submissions.find((s) => s.questionId === question.id)?.status;
  const indicator = submissionIndicators[latestStatus ?? 'none'];
  const available = (list.data?.questions ?? []).filter((q) => q.acl.isAvailable);
  const next = nextQuestion(available, question.id);

  function handleTogglePane(pane: WorkspacePane) {
    const next = togglePane(openPanes, pane);
    setOpenPanes(next);
    if (next[pane]) {
      if ((paneHalves.top as readonly WorkspacePane[]).includes(pane)) setActiveTop(pane);
      else setActiveBottom(pane);
    }
  }

  const topSize = topHalfSize(openPanes);
  const halves = [
    {
      name: 'top' as const,
      panes: paneHalves.top.filter((p) => openPanes[p]),
      active: activeTop,
      setActive: setActiveTop,
    },
    {
      name: 'bottom' as const,
      panes: paneHalves.bottom.filter((p) => openPanes[p]),
      active: activeBottom,
      setActive: setActiveBottom,
    },
  ];

  function renderPane(pane: WorkspacePane) {
    switch (pane) {
      case 'prompt':
        return (
          <PromptPane question={question} note={note} onNoteChange={handleNoteChange} canSave={signedIn} />
        );
      case 'video':
        return <VideoPane question={question} />;
      case 'scratchpad':
        return <ScratchpadPane text={scratchpad} onChange={handleScratchpadChange} canSave={signedIn} />;
      case 'walkthrough':
        return <WalkthroughPane question={question} language={language} onCopy={copy} />;
    }
  }

  const running = outcome.kind === 'running';
  const saveLabel = !signedIn
    ? 'Log in to save your code'
    : fresh
      ? 'Fresh practice: not saved'
      : {
          saved: 'All changes saved',
          pending: 'Unsaved changes…',
          saving: 'Saving…',
          failed: 'Not saved: retrying on your next change',
        }[autosave.state];

  return (
    <div
      className={`workspace workspace--${options.layout} workspace--${options.theme}`}
      data-layout={options.layout}
      data-theme={options.theme}
    >
      <title>{`${question.name} · AlgoExpert · Interview Prep`}</title>
      <header className="workspace__bar">
        <nav aria-label="Breadcrumb" className="workspace__crumbs">
          <Link to="/questions">Questions</Link>
          <span aria-hidden="true"> / </span>
          <h1 className="workspace__title">{question.name}</h1>
        </nav>
        <span
          className={`submission-indicator submission-indicator--${indicator.theme}`}
          data-testid="submission-indicator"
          title={indicator.label}
        >
          {indicator.label}
        </span>
        <div className="workspace__panes" role="group" aria-label="Panes">
          {(Object.keys(paneLabels) as WorkspacePane[]).map((pane) => (
            <button
              key={pane}
              type="button"
              className="pane-toggle"
              aria-pressed={openPanes[pane]}
              disabled={openPanes[pane] && !canClosePane(openPanes, pane)}
              title={
                openPanes[pane] && !canClosePane(openPanes, pane)
                  ? 'The only open pane stays open'
                  : undefined
              }
              onClick={() => handleTogglePane(pane)}
            >
              {paneLabels[pane]}
            </button>
          ))}
        </div>
        <WorkspaceSettings
          options={options}
          onChange={updateOptions}
          fresh={fresh}
          onFreshToggle={handleFreshToggle}
        />
        {next && next.id !== question.id ? (
          <Button variant="secondary" onClick={() => navigate(`/questions/${next.id}`)}>
            Next Question
          </Button>
        ) : null}
      </header>

      <div className="workspace__grid">
        <section className="workspace__info" aria-label="Question panes">
          {halves.map((half) =>
            half.panes.length === 0 ? null : (
              <div
                key={half.name}
                className={`info-half info-half--${half.name}`}
                style={{ flexGrow: half.name === 'top' ? topSize : 1 - topSize }}
              >
                <div
                  className="info-half__tabs"
                  role="tablist"
                  aria-label={`${half.name === 'top' ? 'Upper' : 'Lower'} panes`}
                >
                  {half.panes.map((pane) => (
                    <button
                      key={pane}
                      type="button"
                      role="tab"
                      id={`tab-${pane}`}
                      aria-controls={`pane-${pane}`}
                      aria-selected={
                        (half.panes.includes(half.active as never) ? half.active : half.panes[0]) === pane
                      }
                      className="info-half__tab"
                      onClick={() => half.setActive(pane)}
                    >
                      {paneLabels[pane]}
                    </button>
                  ))}
                </div>
                {half.panes.map((pane) => {
                  const shown =
                    (half.panes.includes(half.active as never) ? half.active : half.panes[0]) === pane;
                  return (
                    <div
                      key={pane}
                      role="tabpanel"
                      id={`pane-${pane}`}
                      aria-labelledby={`tab-${pane}`}
                      hidden={!shown}
                      className="info-pane"
                    >
                      {shown ? renderPane(pane) : null}
                    </div>
                  );
                })}
              </div>
            ),
          )}
        </section>

        <section className="workspace__code" aria-label="Your solution">
          <div className="code-bar">
            <label className="code-bar__field">
              <span className="visually-hidden">Language</span>
              <select
                value={language}
                onChange={(event) => updateOptions({ language: event.target.value as CodingLanguage })}
              >
                {languages.map((l) => (
                  <option key={l} value={l}>
                    {languageLabels[l]}
                  </option>
                ))}
              </select>
            </label>
            {fresh ? (
              <span className="code-bar__fresh">Fresh practice</span>
            ) : (
              <div className="code-bar__slots" role="group" aria-label="Solution slots">
                {Array.from({ length: SOLUTION_SLOTS }, (_, i) => i + 1).map((n) => (
                  <button
                    key={n}
                    type="button"
                    className="slot-button"
                    aria-pressed={slot === n}
                    onClick={() => setSlot(n)}
                  >
                    Solution {n}
                  </button>
                ))}
              </div>
            )}
            <span
              className="code-bar__save"
              role="status"
              data-save-state={signedIn ? autosave.state : 'signed-out'}
            >
              {saveLabel}
            </span>
            <Button variant="link" onClick={() => void copy(code)}>
              Copy
            </Button>
            <Button variant="link" onClick={handleResetCode}>
              Reset
            </Button>
          </div>
          {fresh ? (
            <p className="workspace__notice">
              Fresh practice: your saved code is hidden and this attempt is not saved. Submissions still
              count.
            </p>
          ) : null}
          {options.isWhiteboardModeOn ? (
            <p className="workspace__notice">
              Whiteboard mode: no colouring, no suggestions and no running, as at an interview&apos;s
              whiteboard. Submit when you are sure.
            </p>
          ) : null}
          <div className="workspace__editor">
            <Suspense fallback={<Loader label="Loading the editor" size="large" />}>
              <CodeEditor
                path={path}
                language={language}
                value={code}
                onChange={handleCodeChange}
                themeId={options.syntaxHighlightTheme}
                syntaxHighlight={options.syntaxHighlight && !options.isWhiteboardModeOn}
                assistance={!options.isWhiteboardModeOn}
                keymap={options.keymap}
                fontZoom={options.fontZoom}
                onRun={() => void execute('run')}
                onSubmit={() => void execute('submit')}
                ariaLabel={`Your ${languageLabels[language]} solution`}
              />
            </Suspense>
          </div>
          <div className="code-actions">
            {!options.isWhiteboardModeOn ? (
              <Button
                variant="secondary"
                isLoading={running && outcome.action === 'run'}
                disabled={running}
                onClick={() => void execute('run')}
                title="Ctrl or ⌘ + '"
              >
                Run Code
              </Button>
            ) : null}
            <Button
              isLoading={running && outcome.action === 'submit'}
              disabled={running}
              onClick={() => void execute('submit')}
              title="Shift + Ctrl or ⌘ + '"
            >
              Submit Code
            </Button>
          </div>
        </section>

        <section className="workspace__results" aria-label="Results">
          <h2 className="workspace__results-title">Results</h2>
          <RunResults outcome={outcome} />
          {!options.isWhiteboardModeOn ? (
            <details className="quick-test">
              <summary>Quick Test</summary>
              <label htmlFor="quick-test-input">Input (JSON, keyed by parameter name)</label>
              <textarea
                id="quick-test-input"
                className="quick-test__input"
                value={quickInput}
                spellCheck={false}
                rows={4}
                onChange={(event) => setQuickInput(event.target.value)}
              />
              <Button
                variant="secondary"
                isLoading={running && outcome.action === 'quick'}
                disabled={running}
                onClick={() => void execute('quick')}
              >
                Run Quick Test
              </Button>
            </details>
          ) : null}
        </section>
      </div>
    </div>
  );
}
