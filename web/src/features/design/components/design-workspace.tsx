import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { MAX_USER_DATA_SET_BYTES } from '@app/contracts';
import { useSetUserDataMutation } from '@/shared/api/problems-api';
import { type SaveState, useDebouncedSave } from '@/shared/lib/use-debounced-save';
import { Loader } from '@/shared/ui/loader';
import type { DesignQuestion } from '../design-api';
import { type DesignTrack, type SavedDesignData, completionPatch, questionPatch } from '../design-tracks';
import { PaneTabs } from './pane-tabs';
import { HintsSection, ScratchpadPane, VideoPane, WalkthroughPane } from './design-panes';
import { Markdown } from '@/shared/ui/markdown';

// Excalidraw (and its styles) load with the whiteboard, in a chunk no other page reaches.
const Whiteboard = lazy(() => import('../whiteboard/whiteboard'));

/** How long the learner pauses before their drawing or scratchpad is saved. */
const AUTOSAVE_DELAY_MS = 1000;

type Pane = 'prompt' | 'walkthrough' | 'video' | 'scratchpad';
const panes: readonly { id: Pane; label: string }[] = [
  { id: 'prompt', label: 'Prompt' },
  { id: 'scratchpad', label: 'Scratchpad' },
  { id: 'walkthrough', label: 'Walkthrough' },
  { id: 'video', label: 'Video' },
];
type View = 'question' | 'whiteboard';
const views: readonly { id: View; label: string }[] = [
  { id: 'question', label: 'Question' },
  { id: 'whiteboard', label: 'Whiteboard' },
];

const saveLabels: Record<SaveState, string> = {
  saved: 'All changes saved',
  pending: 'Unsaved changes',
  saving: 'Saving…',
  failed: 'Not saved: check your connection',
};

type DesignWorkspaceProps = {
  track: DesignTrack;
  productName: string;
  question: DesignQuestion;
  signedIn: boolean;
  saved: SavedDesignData;
  completed: boolean;
};

/**
 * The design workspace (spec 2, 4): the question's panes (prompt with hints one at a time, scratchpad,
 * walkthrough, video) beside a whiteboard. The drawing and the scratchpad are saved in the learner's user
 * data once they pause; "mark as completed" records the question in their progress. On a phone one part
 * shows at a time (the tabs under the bar).
 */
export function DesignWorkspace({
  track,
  productName,
  question,
  signedIn,
  saved,
  completed,
}: DesignWorkspaceProps) {
  const params = { product: track.product };
  const [saveUserData] = useSetUserDataMutation();
  const [completing, setCompleting] = useState(false);
  const [pane, setPane] = useState<Pane>('prompt');
  const [view, setView] = useState<View>('question');
  const [scratchpad, setScratchpad] = useState(saved.scratchpadText ?? '');
  const [tooLarge, setTooLarge] = useState(false);
  // Read once: the whiteboard owns the drawing from then on.
  const initialElements = useRef(saved.whiteboard?.elements ?? []).current;

  const autosave = useDebouncedSave(
    async (patch) => {
      const result = await saveUserData({ params, request: { data: patch, deepMerge: true } });
      return !('error' in result);
    },
    AUTOSAVE_DELAY_MS,
    signedIn,
  );
  const { schedule } = autosave;

  const handleDrawingChange = useCallback(
    (elements: readonly unknown[]) => {
      const patch = questionPatch(question.id, { whiteboard: { elements } });
      const large = new TextEncoder().encode(JSON.stringify(patch)).length > MAX_USER_DATA_SET_BYTES;
      setTooLarge(large);
      if (!large) schedule(patch);
    },
    [question.id, schedule],
  );

  function handleScratchpadChange(text: string) {
    setScratchpad(text);
    schedule(questionPatch(question.id, { scratchpadText: text }));
  }

  async function toggleCompleted() {
    setCompleting(true);
    await saveUserData({
      params,
      request: { data: completionPatch(question.id, !completed), deepMerge: true },
    });
    setCompleting(false);
  }

  function renderPane(id: Pane) {
    switch (id) {
      case 'prompt':
        return (
          <div className="design-pane__body">
            <h2 className="design-pane__title">{question.name}</h2>
            <p className="design-pane__meta">
              <span className={`difficulty difficulty--${question.difficulty.toLowerCase()}`}>
                {question.difficulty}
              </span>
              <span>{question.category}</span>
            </p>
            <Markdown text={question.prompt} className="design-pane__prompt" />
            <HintsSection hints={question.hints} />
          </div>
        );
      case 'scratchpad':
        return <ScratchpadPane text={scratchpad} onChange={handleScratchpadChange} canSave={signedIn} />;
      case 'walkthrough':
        return <WalkthroughPane walkthrough={question.walkthrough} />;
      case 'video':
        return <VideoPane onOpenWalkthrough={() => setPane('walkthrough')} />;
    }
  }

  return (
    <div className="design-workspace">
      <title>{`${question.name} · ${productName} · Interview Prep`}</title>
      <div className="design-workspace__bar">
        <div className="design-workspace__crumbs">
          <Link to={track.listPath}>Design questions</Link>
          <span aria-hidden="true">/</span>
          <h1 className="design-workspace__title">{question.name}</h1>
        </div>
        {signedIn ? (
          <>
            <span className="design-workspace__save" role="status">
              {tooLarge ? 'Drawing too large to save: remove some shapes' : saveLabels[autosave.state]}
            </span>
            <button
              type="button"
              className="button button--secondary"
              aria-pressed={completed}
              disabled={completing}
              onClick={() => void toggleCompleted()}
            >
              {completed ? 'Completed ✓' : 'Mark as completed'}
            </button>
          </>
        ) : (
          <span className="design-workspace__save">Log in to keep your drawing and notes.</span>
        )}
      </div>

      <PaneTabs
        className="design-workspace__views"
        label="Workspace parts"
        tabs={views}
        selected={view}
        onSelect={setView}
        panelId={(id) => `design-${id}`}
      />

      <div className="design-workspace__grid" data-view={view}>
        <section id="design-question" className="design-workspace__panes" aria-label="Question panes">
          <PaneTabs
            className="design-pane__tabs"
            label="Panes"
            tabs={panes}
            selected={pane}
            onSelect={setPane}
            panelId={(id) => `design-pane-${id}`}
          />
          <div
            role="tabpanel"
            id={`design-pane-${pane}`}
            aria-labelledby={`design-pane-${pane}-tab`}
            className="design-pane"
          >
            {renderPane(pane)}
          </div>
        </section>

        <section id="design-whiteboard" className="design-workspace__board" aria-label="Whiteboard">
          <Suspense fallback={<Loader label="Loading the whiteboard" size="large" />}>
            <Whiteboard initialElements={initialElements} onChange={handleDrawingChange} />
          </Suspense>
        </section>
      </div>
    </div>
  );
}
