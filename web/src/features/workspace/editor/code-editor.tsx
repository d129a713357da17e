import Editor, { type OnMount } from '@monaco-editor/react';
import {
  type CodingLanguage,
  type EditorThemeId,
  type Keymap,
  EDITOR_FONT_SIZE_PX,
  editorDefaults,
} from '@app/contracts';
import type { editor } from 'monaco-editor/esm/vs/editor/editor.api.js';
import { type KeyboardEvent, type JSX, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Loader } from '@/shared/ui/loader';
import { attachKeymap } from './keymaps';
import { insertMultiCharacterTextLiterally } from './literal-text-input';
import { monaco } from './monaco';
import { defineEditorTheme, fallbackTheme } from './themes';
import './code-editor.css';

export type CodeEditorProps = {
  /** Model path, e.g. `questionName/solution-1/javascript`: one Monaco model (and undo history) per path. */
  path: string;
  /** A coding language, Solidity (the blockchain track's contracts), or a page's HTML or CSS (frontend). */
  language: CodingLanguage | 'solidity' | 'html' | 'css';
  /**
   * Initial text for a path the editor has not seen yet; later changes of `value` for the same path replace
   * the text only when they differ from the model (e.g. a reset / fresh practice).
   */
  value: string;
  onChange: (value: string) => void;
  themeId: EditorThemeId;
  /** false = plain text colouring (language 'plaintext') in the same theme. */
  syntaxHighlight: boolean;
  /** false = no suggestions, hovers, parameter hints or automatic closing: a whiteboard's bare text. */
  assistance?: boolean;
  /** 'sublime' (Monaco's bindings), 'vim' (with a status line showing the mode) or 'emacs'. */
  keymap: Keymap;
  /** Font size = EDITOR_FONT_SIZE_PX × fontZoom. */
  fontZoom: number;
  readOnly?: boolean;
  /** Ctrl+' (Cmd+' on macOS): Run Code. Shift+Ctrl/Cmd+': Submit Code. In every keymap and vim mode. */
  onRun?: () => void;
  onSubmit?: () => void;
  /** Label of the editor's textarea, default 'Code editor'. */
  ariaLabel?: string;
  className?: string;
};

/** What the editor stops offering in whiteboard mode: the learner writes every character themselves. */
const withoutAssistance: editor.IStandaloneEditorConstructionOptions = {
  quickSuggestions: false,
  suggestOnTriggerCharacters: false,
  wordBasedSuggestions: 'off',
  parameterHints: { enabled: false },
  hover: { enabled: false },
  autoClosingBrackets: 'never',
  autoClosingQuotes: 'never',
  autoSurround: 'never',
  codeLens: false,
};

/**
 * The workspace's code editor: Monaco, bundled. Models live for the session, one per `path`, so each
 * solution and language keeps its text and undo history; a path seen before shows its model's text (and
 * `onChange` reports it when it differs from `value`). The wrapper carries `data-editor-ready="true"` once
 * Monaco has mounted, `data-theme` / `data-keymap` once the chosen theme and keymap are in effect, and
 * `data-language` (the model's language: 'plaintext' without syntax highlighting), for browser tests.
 */
export function CodeEditor({
  path,
  language,
  value,
  onChange,
  themeId,
  syntaxHighlight,
  assistance = true,
  keymap,
  fontZoom,
  readOnly = false,
  onRun,
  onSubmit,
  ariaLabel = 'Code editor',
  className,
}: CodeEditorProps): JSX.Element {
  const [codeEditor, setCodeEditor] = useState<editor.IStandaloneCodeEditor | null>(null);
  const [appliedTheme, setAppliedTheme] = useState<EditorThemeId | null>(null);
  const [appliedKeymap, setAppliedKeymap] = useState<Keymap | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const shown = useRef<{ path: string; value: string } | null>(null);
  const modelLanguage = syntaxHighlight ? language : 'plaintext';

  const options = useMemo<editor.IStandaloneEditorConstructionOptions>(
    () => ({
      fontSize: EDITOR_FONT_SIZE_PX * fontZoom,
      tabSize: editorDefaults.tabSize,
      insertSpaces: true,
      detectIndentation: false,
      readOnly,
      ariaLabel,
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
      // The number of the line after a final newline at full contrast (Monaco dims it below AA contrast).
      renderFinalNewline: 'on',
      automaticLayout: true,
      // Suggestions and hovers may overflow the editor's box (a narrow pane) instead of being clipped.
      fixedOverflowWidgets: true,
      padding: { top: 8 },
      // The textarea input rather than Chromium's EditContext, whose text input no listener can take
      // first: a multi-character input goes in as it is (literal-text-input.ts).
      editContext: false,
      ...(assistance ? {} : withoutAssistance),
    }),
    [fontZoom, readOnly, ariaLabel, assistance],
  );

  const handleMount = useCallback<OnMount>((mounted) => setCodeEditor(mounted), []);

  // Texts reported through onChange that the page has not passed back as `value` yet, oldest first: a
  // `value` among them is the page catching up (perhaps late), not a reset, and must not undo newer typing.
  const unechoed = useRef<string[]>([]);
  const isReplacing = useRef(false);
  const report = useCallback(
    (text: string) => {
      unechoed.current = [...unechoed.current.slice(-49), text];
      onChange(text);
    },
    [onChange],
  );
  const handleChange = useCallback(
    (next: string | undefined) => {
      if (!isReplacing.current) report(next ?? '');
    },
    [report],
  );

  // The shown model: a new path starts from `value` (the wrapper creates it); a known path keeps its text
  // and reports it; a new `value` for the same path replaces the text as one undoable edit.
  useEffect(() => {
    const model = codeEditor?.getModel();
    if (!model) return;
    const previous = shown.current;
    shown.current = { path, value };
    model.updateOptions({
      tabSize: editorDefaults.tabSize,
      indentSize: editorDefaults.tabSize,
      insertSpaces: true,
    });
    if (previous?.path !== path) {
      unechoed.current = [];
      if (model.getValue() !== value) report(model.getValue());
      return;
    }
    if (previous.value === value) return;
    const echo = unechoed.current.indexOf(value);
    if (echo !== -1) {
      unechoed.current = unechoed.current.slice(echo + 1);
      return;
    }
    unechoed.current = [];
    if (model.getValue() === value) return;
    // On the model rather than the editor, so a read-only editor takes it too.
    isReplacing.current = true;
    model.pushStackElement();
    model.pushEditOperations([], [{ range: model.getFullModelRange(), text: value }], () => null);
    model.pushStackElement();
    isReplacing.current = false;
  }, [codeEditor, path, value, report]);

  useEffect(() => {
    if (!codeEditor) return;
    const literalInput = insertMultiCharacterTextLiterally(codeEditor);
    return () => literalInput.dispose();
  }, [codeEditor]);

  // A known path's model may carry the colouring chosen when it was last shown.
  useEffect(() => {
    const model = codeEditor?.getModel();
    if (model && model.getLanguageId() !== modelLanguage)
      monaco.editor.setModelLanguage(model, modelLanguage);
  }, [codeEditor, path, modelLanguage]);

  useEffect(() => {
    let isCurrent = true;
    defineEditorTheme(monaco, themeId).then(
      () => isCurrent && setAppliedTheme(themeId),
      // The previous theme (or the built-in one of the same kind) stays.
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [themeId]);

  // One keymap at a time: switching disposes the previous one's bindings and status line.
  useEffect(() => {
    const statusNode = statusRef.current;
    if (!codeEditor || !statusNode) return;
    let isCurrent = true;
    let attached: { dispose(): void } | undefined;
    attachKeymap(codeEditor, keymap, statusNode).then(
      (disposable) => {
        if (!isCurrent) return disposable.dispose();
        attached = disposable;
        setAppliedKeymap(keymap);
      },
      () => undefined,
    );
    return () => {
      isCurrent = false;
      attached?.dispose();
    };
  }, [codeEditor, keymap]);

  // Capture phase: before Monaco and the vim or emacs bindings see the keys, in any mode.
  function handleKeyDownCapture(event: KeyboardEvent<HTMLDivElement>) {
    const isQuoteKey = event.code === 'Quote' || event.key === "'" || event.key === '"';
    if (!isQuoteKey || !(event.ctrlKey || event.metaKey) || event.altKey) return;
    event.preventDefault();
    event.stopPropagation();
    if (event.shiftKey) onSubmit?.();
    else onRun?.();
  }

  return (
    <div
      className={className ? `code-editor ${className}` : 'code-editor'}
      data-editor-ready={codeEditor ? 'true' : 'false'}
      data-theme={appliedTheme ?? undefined}
      data-keymap={appliedKeymap ?? undefined}
      data-language={modelLanguage}
      onKeyDownCapture={handleKeyDownCapture}
    >
      <div className="code-editor__surface">
        <Editor
          path={path}
          defaultValue={value}
          language={modelLanguage}
          theme={appliedTheme ?? fallbackTheme(themeId)}
          options={options}
          keepCurrentModel
          onMount={handleMount}
          onChange={handleChange}
          loading={<Loader label="Loading the editor" size="large" />}
        />
      </div>
      <div className="code-editor__status" ref={statusRef} hidden={keymap === 'sublime'} aria-live="polite" />
    </div>
  );
}
