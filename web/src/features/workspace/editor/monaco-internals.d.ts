// Monaco's built-in themes, whose rules a theme with `inherit: true` shows where it sets none.
declare module 'monaco-editor/esm/vs/editor/standalone/common/themes.js' {
  import type { editor } from 'monaco-editor/esm/vs/editor/editor.api.js';
  export const vs: editor.IStandaloneThemeData;
  export const vs_dark: editor.IStandaloneThemeData;
}

// Where Monaco sends its unexpected errors; by default it rethrows them from a timer.
declare module 'monaco-editor/esm/vs/base/common/errors.js' {
  export const errorHandler: { unexpectedErrorHandler: (error: unknown) => void };
}
