import { loader } from '@monaco-editor/react';
import * as monaco from 'monaco-editor/esm/vs/editor/editor.api.js';
import 'monaco-editor/esm/vs/editor/edcore.main.js';
import 'monaco-editor/esm/vs/basic-languages/sql/sql.contribution.js';
import EditorWorker from 'monaco-editor/esm/vs/editor/editor.worker.js?worker';
import type { AnalyticsSchema } from '@app/contracts';

/* Monaco from the bundle with SQL colouring only; the editor worker is a same-origin Vite chunk. */
self.MonacoEnvironment = { getWorker: () => new EditorWorker() };
loader.config({ monaco });

let registered: monaco.IDisposable | undefined;

/**
 * Completes the analytics schema's views (`analytics.<view>`) and, after `view.` or an alias the query
 * names, that view's columns; elsewhere every view and every column, each with its type.
 */
export function registerSchemaCompletions(schema: AnalyticsSchema): void {
  registered?.dispose();
  registered = monaco.languages.registerCompletionItemProvider('sql', {
    triggerCharacters: ['.'],
    provideCompletionItems(model, position) {
      const word = model.getWordUntilPosition(position);
      const range = new monaco.Range(
        position.lineNumber,
        word.startColumn,
        position.lineNumber,
        word.endColumn,
      );
      const before = model.getLineContent(position.lineNumber).slice(0, word.startColumn - 1);
      const qualifier = /(\w+)\.$/.exec(before)?.[1]?.toLowerCase();
      const { Field, Struct } = monaco.languages.CompletionItemKind;
      const tableItem = (t: AnalyticsSchema['tables'][number]) => ({
        label: t.name,
        kind: Struct,
        detail: t.description ?? 'view',
        insertText: t.name,
        range,
      });
      if (qualifier === 'analytics') return { suggestions: schema.tables.map(tableItem) };
      const aliases = new Map<string, string>();
      for (const m of model.getValue().matchAll(/analytics\.(\w+)(?:\s+(?:as\s+)?(\w+))?/gi)) {
        aliases.set(m[1].toLowerCase(), m[1]);
        if (m[2]) aliases.set(m[2].toLowerCase(), m[1]);
      }
      const table = qualifier
        ? schema.tables.find((t) => t.name === (aliases.get(qualifier) ?? qualifier))
        : undefined;
      const columns = (table ? [table] : schema.tables).flatMap((t) =>
        t.columns.map((c) => ({
          label: c.name,
          kind: Field,
          detail: `${t.name}: ${c.type}`,
          insertText: c.name,
          range,
        })),
      );
      return { suggestions: table ? columns : [...schema.tables.map(tableItem), ...columns] };
    },
  });
}

export { monaco };
