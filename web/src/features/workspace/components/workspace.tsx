import { lazy, Suspense, useCallback, useState } from 'react';
import { useMediaQuery } from 'usehooks-ts';
import type { WorkspacePane } from '@app/contracts';
import { useAppDispatch } from '@/shared/lib/store';
import { noticeShown } from '@/shared/notices/notices-slice';
import { Loader } from '@/shared/ui/loader';
import { useDrafts } from '../hooks/use-drafts';
import { useLanguages } from '../hooks/use-languages';
import { usePanes } from '../hooks/use-panes';
import { useRunActions } from '../hooks/use-run-actions';
import { useRunShortcuts } from '../hooks/use-run-shortcuts';
import { useUserDataAutosave } from '../hooks/use-user-data-autosave';
import { useWorkspaceOptions } from '../hooks/use-workspace-options';
import { copyText } from '../utils/copy-text';
import { languageLabels } from '../utils/workspace-config';
import { useWorkspaceProduct } from '../workspace-product';
import type { SavedQuestionData, TimedMode, WorkspaceQuestion } from '../workspace-question';
import { CodeActions } from './code-actions';
import { CodeBar } from './code-bar';
import { PromptPane, ScratchpadPane, WalkthroughPane } from './info-panes';
import { QuestionPanes } from './question-panes';
import { ResultsSection } from './results-section';
import type { RunAction } from './run-results';
import { WorkspaceBar } from './workspace-bar';
import { PHONE_LAYOUT_QUERY, type WorkspaceView, WorkspaceViewTabs } from './workspace-view-tabs';

const CodeEditor = lazy(() => import('../editor/code-editor').then((m) => ({ default: m.CodeEditor })));
// The animated walkthrough (the video pane) loads with its pane, not with the workspace.
const WalkthroughPlayer = lazy(() => import('../walkthrough-player/walkthrough-player'));
const SolutionsPane = lazy(() => import('./solutions-pane').then((m) => ({ default: m.SolutionsPane })));

type WorkspaceProps = {
  question: WorkspaceQuestion;
  signedIn: boolean;
  saved: SavedQuestionData;
  savedOptions: unknown;
  /** Set for a timed assessment (composed by the app around this feature). */
  timed?: TimedMode;
};

/**
 * The coding workspace (spec 2, 4, 5): the question's panes beside the editor and the results, in one of
 * five layouts; Run Code judges the visible tests, Submit Code every test and records the submission.
 * Code, scratchpad, note and options are saved in the learner's user data as they change.
 */
export function Workspace({ question, signedIn, saved, savedOptions, timed }: WorkspaceProps) {
  const dispatch = useAppDispatch();
  const { name: productName } = useWorkspaceProduct();
  const autosave = useUserDataAutosave(signedIn);
  const { options, updateOptions } = useWorkspaceOptions(savedOptions, autosave.saveNow);
  const { languages, language, warming } = useLanguages(question, options.language);
  const drafts = useDrafts({ question, saved, language, onSave: autosave.schedule });
  const panes = usePanes();
  const run = useRunActions({
    question,
    signedIn,
    isWhiteboardModeOn: options.isWhiteboardModeOn,
    language,
    code: drafts.code,
    slot: drafts.slot,
  });
  // On a phone one part shows at a time (the tabs under the bar); wider screens show all three.
  const [view, setView] = useState<WorkspaceView>('question');
  const isPhone = useMediaQuery(PHONE_LAYOUT_QUERY);
  const { execute } = run;
  const { isWhiteboardModeOn } = options;

  // Run Code, Submit Code, the quick test and their shortcuts: the outcome is what the learner wants
  // next, so on a phone the Results tab comes up (unless nothing runs: signed out, or Run in whiteboard
  // mode).
  const handleAction = useCallback(
    (action: RunAction) => {
      if (signedIn && (action === 'submit' || !isWhiteboardModeOn)) setView('results');
      void execute(action);
    },
    [signedIn, isWhiteboardModeOn, execute],
  );
  useRunShortcuts(handleAction);

  const copy = useCallback(
    async (text: string) => {
      await copyText(text);
      dispatch(noticeShown('Copied to clipboard.', 'success'));
    },
    [dispatch],
  );

  function handleFreshToggle() {
    drafts.toggleFresh();
    run.clearOutcome();
  }

  function renderPane(pane: WorkspacePane) {
    switch (pane) {
      case 'prompt':
        return (
          <PromptPane
            question={question}
            note={drafts.note}
            onNoteChange={drafts.changeNote}
            canSave={signedIn}
          />
        );
      case 'video':
        return (
          <Suspense fallback={<Loader label="Loading the walkthrough" />}>
            <WalkthroughPlayer question={question} />
          </Suspense>
        );
      case 'scratchpad':
        return (
          <ScratchpadPane text={drafts.scratchpad} onChange={drafts.changeScratchpad} canSave={signedIn} />
        );
      case 'walkthrough':
        return <WalkthroughPane question={question} language={language} onCopy={copy} />;
      case 'solutions':
        return (
          <Suspense fallback={<Loader label="Loading the shared solutions" />}>
            <SolutionsPane
              question={question}
              signedIn={signedIn}
              code={drafts.code}
              language={language}
              look={{
                themeId: options.syntaxHighlightTheme,
                keymap: options.keymap,
                fontZoom: options.fontZoom,
              }}
            />
          </Suspense>
        );
    }
  }

  return (
    <div
      className={`workspace workspace--${options.layout} workspace--${options.theme}`}
      data-layout={options.layout}
      data-theme={options.theme}
    >
      <title>{`${question.name} · ${productName} · Interview Prep`}</title>
      <WorkspaceBar
        question={question}
        signedIn={signedIn}
        openPanes={panes.openPanes}
        onTogglePane={panes.togglePane}
        options={options}
        onOptionsChange={updateOptions}
        fresh={drafts.isFresh}
        onFreshToggle={handleFreshToggle}
        timed={timed}
      />

      <WorkspaceViewTabs view={view} onSelect={setView} />

      <div className="workspace__grid" data-view={view}>
        <QuestionPanes
          halves={panes.halves}
          stack={isPhone ? panes.stack : null}
          onSelectTab={panes.selectTab}
          renderPane={renderPane}
        />

        <section id="workspace-code" className="workspace__code" aria-label="Your solution">
          <CodeBar
            languages={languages}
            language={language}
            warming={warming}
            onLanguageChange={(next) => updateOptions({ language: next })}
            fresh={drafts.isFresh}
            slot={drafts.slot}
            onSlotChange={drafts.selectSlot}
            signedIn={signedIn}
            saveState={autosave.state}
            onCopy={() => void copy(drafts.code)}
            onReset={drafts.resetCode}
          />
          {timed ? <p className="workspace__notice">{timed.notice}</p> : null}
          {drafts.isFresh ? (
            <p className="workspace__notice">
              Fresh practice: your saved code is hidden and this attempt is not saved. Submissions still
              count.
            </p>
          ) : null}
          {warming.has(language) ? (
            <p className="workspace__notice" role="status">
              {languageLabels[language]} is warming up on the server after a restart: your code runs, but the
              first runs may take longer than usual.
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
                path={drafts.path}
                language={language}
                value={drafts.code}
                onChange={drafts.changeCode}
                themeId={options.syntaxHighlightTheme}
                syntaxHighlight={options.syntaxHighlight && !options.isWhiteboardModeOn}
                assistance={!options.isWhiteboardModeOn}
                keymap={options.keymap}
                fontZoom={options.fontZoom}
                onRun={() => handleAction('run')}
                onSubmit={() => handleAction('submit')}
                ariaLabel={`Your ${languageLabels[language]} solution`}
              />
            </Suspense>
          </div>
          <CodeActions
            outcome={run.outcome}
            canRun={!options.isWhiteboardModeOn}
            warmingUp={warming.has(language)}
            onAction={handleAction}
          />
        </section>

        <ResultsSection
          outcome={run.outcome}
          canRun={!options.isWhiteboardModeOn}
          quickInput={run.quickInput}
          onQuickInputChange={run.changeQuickInput}
          onAction={handleAction}
        />
      </div>
    </div>
  );
}
