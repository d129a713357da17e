import type { editor, IDisposable } from 'monaco-editor/esm/vs/editor/editor.api.js';
import { monaco } from './monaco';

/**
 * Monaco types a multi-character text input (dictation, a text expander, Playwright's
 * `keyboard.insertText`) one character at a time through auto-closing and auto-indent, so a whole snippet
 * comes out with doubled brackets and stair-stepped indentation. A keystroke inserts one character; more
 * than one is inserted as it is, like a paste. Composition (IME) input is left to Monaco.
 */
export function insertMultiCharacterTextLiterally(codeEditor: editor.IStandaloneCodeEditor): IDisposable {
  const node = codeEditor.getContainerDomNode();
  function handleBeforeInput(event: InputEvent) {
    const text = event.data;
    if (event.inputType !== 'insertText' || !text || [...text].length < 2) return;
    const selections = codeEditor.getSelections();
    if (!selections || codeEditor.getOption(monaco.editor.EditorOption.readOnly)) return;
    event.preventDefault();
    codeEditor.pushUndoStop();
    codeEditor.executeEdits(
      'insert-text',
      selections.map((range) => ({ range, text, forceMoveMarkers: true })),
      (inverse) => inverse.map((edit) => monaco.Selection.fromPositions(edit.range.getEndPosition())),
    );
    codeEditor.pushUndoStop();
  }
  node.addEventListener('beforeinput', handleBeforeInput, true);
  return { dispose: () => node.removeEventListener('beforeinput', handleBeforeInput, true) };
}
