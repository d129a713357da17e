import { loader } from '@monaco-editor/react';
import type { typescript as TypeScriptContribution } from 'monaco-editor';
import * as monaco from 'monaco-editor/esm/vs/editor/editor.api.js';
import { errorHandler } from 'monaco-editor/esm/vs/base/common/errors.js';
// The editor's own features (find, folding, suggestions, bracket matching...) without every language.
import 'monaco-editor/esm/vs/editor/edcore.main.js';
// Colouring for the nine coding languages, Solidity, HTML and CSS only; each tokenizer is fetched when a model first uses it.
import 'monaco-editor/esm/vs/basic-languages/cpp/cpp.contribution.js';
import 'monaco-editor/esm/vs/basic-languages/csharp/csharp.contribution.js';
import 'monaco-editor/esm/vs/basic-languages/go/go.contribution.js';
import 'monaco-editor/esm/vs/basic-languages/java/java.contribution.js';
import 'monaco-editor/esm/vs/basic-languages/javascript/javascript.contribution.js';
import 'monaco-editor/esm/vs/basic-languages/kotlin/kotlin.contribution.js';
import 'monaco-editor/esm/vs/basic-languages/python/python.contribution.js';
// Solidity (the blockchain track's contracts), HTML and CSS (the frontend's pages).
import 'monaco-editor/esm/vs/basic-languages/solidity/solidity.contribution.js';
import 'monaco-editor/esm/vs/basic-languages/html/html.contribution.js';
import 'monaco-editor/esm/vs/basic-languages/css/css.contribution.js';
import 'monaco-editor/esm/vs/basic-languages/swift/swift.contribution.js';
import 'monaco-editor/esm/vs/basic-languages/typescript/typescript.contribution.js';
// Completions, hovers and syntax errors for JavaScript and TypeScript (its worker starts with such a model).
import * as typescriptContribution from 'monaco-editor/esm/vs/language/typescript/monaco.contribution.js';
import EditorWorker from 'monaco-editor/esm/vs/editor/editor.worker.js?worker';
import TypeScriptWorker from 'monaco-editor/esm/vs/language/typescript/ts.worker.js?worker';

/*
 * Monaco from the bundle, never from a CDN: @monaco-editor/react's loader is handed this module's monaco
 * before any editor mounts, and the workers are Vite worker chunks of the same origin.
 */

self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string) {
    return label === 'typescript' || label === 'javascript' ? new TypeScriptWorker() : new EditorWorker();
  },
};

// The module's declarations export nothing; its runtime exports are the `typescript` namespace's.
const typescript = typescriptContribution as unknown as typeof TypeScriptContribution;
// Only syntax errors: the judge compiles a solution with code the editor never sees (helper types such as
// ListNode), and every solution of a language shares one language service, so semantic checks would
// underline correct code.
for (const defaults of [typescript.typescriptDefaults, typescript.javascriptDefaults])
  defaults.setDiagnosticsOptions({ noSemanticValidation: true, noSyntaxValidation: false });

// Monaco rethrows its unexpected errors from a timer as uncaught exceptions, even an Event (a worker whose
// script cannot load, offline). They go to the window's error reporting instead, once per message (spec 8).
errorHandler.unexpectedErrorHandler = (error: unknown) => {
  const message =
    error instanceof Error
      ? error.message
      : error instanceof Event
        ? `The code editor met a '${error.type}' event from ${describeTarget(error.target)}`
        : String(error);
  window.dispatchEvent(new ErrorEvent('error', { message, error }));
};

function describeTarget(target: EventTarget | null): string {
  return target instanceof Worker ? 'one of its workers' : (target?.constructor.name ?? 'nowhere');
}

loader.config({ monaco });

export { monaco };
export type Monaco = typeof monaco;
