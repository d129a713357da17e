import './asset-path';
import { type ComponentProps, useCallback, useEffect, useRef } from 'react';
import { Excalidraw, MainMenu, WelcomeScreen } from '@excalidraw/excalidraw';
import '@excalidraw/excalidraw/index.css';
import './whiteboard.css';

type WhiteboardProps = {
  /** The drawing to start from (the learner's saved elements). */
  initialElements: readonly unknown[];
  /** Called with the drawing's live elements whenever they change (not for a zoom or a selection). */
  onChange: (elements: readonly unknown[]) => void;
};

type Element = { id: string; version: number; isDeleted?: boolean };

type ExcalidrawApi = Parameters<NonNullable<ComponentProps<typeof Excalidraw>['excalidrawAPI']>>[0];

/** What changes when the drawing changes: every live element's id and version. */
function signatureOf(elements: readonly Element[]): string {
  return elements.map((element) => `${element.id}:${element.version}`).join(',');
}

/**
 * The design whiteboard: an Excalidraw canvas (shapes, arrows, text, freehand) holding the learner's
 * drawing. Images are left out (a drawing is saved in user data, which is for small documents), and so
 * are Excalidraw's own file and collaboration menus: the platform saves the drawing itself.
 */
export default function Whiteboard({ initialElements, onChange }: WhiteboardProps) {
  const root = useRef<HTMLDivElement>(null);
  // Excalidraw's menu button has an icon and no name: give it one (it is re-created when the layout
  // changes, hence the observer).
  useEffect(() => {
    const container = root.current;
    if (!container) return;
    const name = () =>
      container
        .querySelectorAll('.main-menu-trigger:not([aria-label])')
        .forEach((button) => button.setAttribute('aria-label', 'Whiteboard menu'));
    name();
    const observer = new MutationObserver(name);
    observer.observe(container, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  // Mounted hidden (on a phone the question shows first), the board centred the drawing in no space at
  // all: once it is shown it centres it again, in the space it now has.
  const api = useRef<ExcalidrawApi | null>(null);
  useEffect(() => {
    const container = root.current;
    if (!container) return;
    const isHidden = () => container.clientWidth === 0 || container.clientHeight === 0;
    let wasHidden = isHidden();
    const observer = new ResizeObserver(() => {
      const hidden = isHidden();
      if (wasHidden && !hidden)
        requestAnimationFrame(() => {
          const board = api.current;
          if (board && board.getSceneElements().length > 0)
            board.scrollToContent(undefined, { fitToContent: false });
        });
      wasHidden = hidden;
    });
    observer.observe(container);
    return () => observer.disconnect();
  }, []);
  const lastSignature = useRef(signatureOf(initialElements as Element[]));
  const handleChange = useCallback(
    (elements: readonly Element[]) => {
      const live = elements.filter((element) => !element.isDeleted);
      const signature = signatureOf(live);
      if (signature === lastSignature.current) return;
      lastSignature.current = signature;
      onChange(live);
    },
    [onChange],
  );

  return (
    <div ref={root} className="whiteboard" data-testid="whiteboard">
      <Excalidraw
        excalidrawAPI={(board) => (api.current = board)}
        initialData={{
          elements: initialElements as never,
          appState: { viewBackgroundColor: '#ffffff' },
          scrollToContent: initialElements.length > 0,
        }}
        onChange={(elements) => handleChange(elements as readonly Element[])}
        UIOptions={{
          tools: { image: false },
          canvasActions: { loadScene: false, saveToActiveFile: false, export: false, toggleTheme: false },
        }}
      >
        <MainMenu>
          <MainMenu.DefaultItems.SaveAsImage />
          <MainMenu.DefaultItems.ClearCanvas />
          <MainMenu.DefaultItems.Help />
          <MainMenu.DefaultItems.ChangeCanvasBackground />
        </MainMenu>
        <WelcomeScreen>
          <WelcomeScreen.Hints.ToolbarHint />
          <WelcomeScreen.Center>
            <WelcomeScreen.Center.Heading>
              Sketch the design: clients, services, stores and the arrows between them.
            </WelcomeScreen.Center.Heading>
          </WelcomeScreen.Center>
        </WelcomeScreen>
      </Excalidraw>
    </div>
  );
}
