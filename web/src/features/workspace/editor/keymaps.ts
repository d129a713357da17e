import type { Keymap } from '@app/contracts';
import type { editor, IDisposable } from 'monaco-editor/esm/vs/editor/editor.api.js';
import type { EmacsExtension } from 'monaco-emacs';
import emacsScriptUrl from 'monaco-emacs/dist/monaco-emacs.js?url';
import { monaco } from './monaco';

/**
 * Attaches a keymap to the editor; its code is fetched on first use. 'sublime' is Monaco's own bindings.
 * The keymap writes its status (vim's mode, emacs' pending keys) into a line it adds to `statusNode`; the
 * returned disposable detaches the bindings and removes that line.
 */
export async function attachKeymap(
  editor: editor.IStandaloneCodeEditor,
  keymap: Keymap,
  statusNode: HTMLElement,
): Promise<IDisposable> {
  if (keymap === 'sublime') return { dispose() {} };
  const line = document.createElement('div');
  if (keymap === 'vim') {
    const { initVimMode, StatusBar } = await import('monaco-vim');
    // Vim's own spelling of the mode ('-- INSERT --'), where monaco-vim writes '--INSERT--'.
    class VimStatusLine extends StatusBar {
      setMode(event: { mode: string; subMode?: string }) {
        const mode =
          event.mode === 'visual' && event.subMode
            ? `visual ${event.subMode === 'linewise' ? 'line' : 'block'}`
            : event.mode;
        this.setText(`-- ${mode.toUpperCase()} --`);
      }
    }
    statusNode.append(line);
    const vim = initVimMode(editor, line, VimStatusLine);
    return {
      dispose() {
        vim.dispose();
        line.remove();
      },
    };
  }
  const { EmacsExtension } = await loadEmacs();
  const emacs = new EmacsExtension(editor);
  statusNode.append(line);
  const keyListener = emacs.onDidChangeKey((keys: string) => (line.textContent = keys));
  const markListener = emacs.onDidMarkChange(
    (isSet: boolean) => (line.textContent = isSet ? 'Mark set' : ''),
  );
  emacs.start();
  return {
    dispose() {
      keyListener.dispose();
      markListener.dispose();
      emacs.dispose();
      line.remove();
    },
  };
}

type EmacsGlobals = { monaco?: unknown; MonacoEmacs?: { EmacsExtension: typeof EmacsExtension } };
let emacsModule: Promise<{ EmacsExtension: typeof EmacsExtension }> | undefined;

/*
 * monaco-emacs' CommonJS build would pull Monaco's AMD build into the bundle (its `require('monaco-editor')`
 * resolves to `min/`), so its browser build runs instead, as a same-origin script handed this bundle's
 * monaco through the global it reads once, at load.
 */
function loadEmacs() {
  emacsModule ??= new Promise((resolve, reject) => {
    const globals = globalThis as EmacsGlobals;
    const previousMonaco = globals.monaco;
    globals.monaco = monaco;
    const script = document.createElement('script');
    script.src = emacsScriptUrl;
    script.onload = () => {
      globals.monaco = previousMonaco;
      if (globals.MonacoEmacs) resolve(globals.MonacoEmacs);
      else reject(new Error('monaco-emacs did not load'));
    };
    script.onerror = () => {
      globals.monaco = previousMonaco;
      emacsModule = undefined;
      script.remove();
      reject(new Error('monaco-emacs could not be fetched'));
    };
    document.head.append(script);
  });
  return emacsModule;
}
