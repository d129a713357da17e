import type { editor } from 'monaco-editor/esm/vs/editor/editor.api.js';

/**
 * A light theme in Eclipse's familiar Java colours (monaco-themes has no Eclipse): purple bold keywords,
 * blue strings, green comments, blue-grey doc comments, on white with a pale blue current line.
 */
export const eclipseTheme: editor.IStandaloneThemeData = {
  base: 'vs',
  inherit: true,
  rules: [
    { token: '', foreground: '000000', background: 'ffffff' },
    { token: 'keyword', foreground: '7f0055', fontStyle: 'bold' },
    { token: 'string', foreground: '2a00ff' },
    { token: 'string.escape', foreground: '2a00ff' },
    { token: 'comment', foreground: '3f7f5f' },
    { token: 'comment.doc', foreground: '3f5fbf' },
    { token: 'number', foreground: '116644' },
    { token: 'regexp', foreground: '2a00ff' },
    { token: 'annotation', foreground: '646464' },
    { token: 'type', foreground: '000000' },
    { token: 'type.identifier', foreground: '000000' },
    { token: 'identifier', foreground: '000000' },
    { token: 'constant', foreground: '0000c0', fontStyle: 'italic' },
    { token: 'delimiter', foreground: '000000' },
    { token: 'operator', foreground: '000000' },
    { token: 'predefined', foreground: '642880' },
  ],
  colors: {
    'editor.background': '#ffffff',
    'editor.foreground': '#000000',
    'editor.lineHighlightBackground': '#e8f2ff',
    'editor.selectionBackground': '#c2d7f0',
    'editor.inactiveSelectionBackground': '#dde7f3',
    'editorCursor.foreground': '#000000',
    'editorLineNumber.foreground': '#787878',
    'editorLineNumber.activeForeground': '#333333',
    'editorGutter.background': '#f7f7f7',
    'editorBracketMatch.background': '#d8d8d8',
    'editorBracketMatch.border': '#a0a0a0',
    'editorIndentGuide.background1': '#e8e8e8',
    'editorWhitespace.foreground': '#c8c8c8',
  },
};
