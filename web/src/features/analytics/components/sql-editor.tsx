import Editor, { type OnMount } from '@monaco-editor/react';
import { useEffect, useRef } from 'react';
import type { AnalyticsSchema } from '@app/contracts';
import { Loader } from '@/shared/ui/loader';
import { monaco, registerSchemaCompletions } from '../editor/sql-monaco';

type SqlEditorProps = {
  value: string;
  schema: AnalyticsSchema | undefined;
  onChange(value: string): void;
  /** Ctrl+Enter or Cmd+Enter. */
  onRun(): void;
};

/** Monaco in SQL mode, completing the analytics schema's views and columns. */
export function SqlEditor({ value, schema, onChange, onRun }: SqlEditorProps) {
  const runRef = useRef(onRun);
  runRef.current = onRun;
  useEffect(() => {
    if (schema) registerSchemaCompletions(schema);
  }, [schema]);

  const handleMount: OnMount = (editor) => {
    editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => runRef.current());
  };

  return (
    <div className="analytics-editor">
      <Editor
        height="220px"
        language="sql"
        // The default light theme's number and keyword colours fail WCAG AA contrast (axe); high contrast passes.
        theme="hc-light"
        value={value}
        onChange={(next) => onChange(next ?? '')}
        onMount={handleMount}
        loading={<Loader label="Loading the SQL editor" />}
        options={{
          minimap: { enabled: false },
          fontSize: 14,
          scrollBeyondLastLine: false,
          wordWrap: 'on',
          automaticLayout: true,
          ariaLabel: 'SQL query',
        }}
      />
    </div>
  );
}
