import { type EditorThemeId, editorThemeKind } from '@app/contracts';
import type { editor } from 'monaco-editor/esm/vs/editor/editor.api.js';
import type { Monaco } from './monaco';

type ThemeData = editor.IStandaloneThemeData;
type ThemeModule = { default: unknown };

/*
 * One chunk per theme, fetched when chosen. monaco-themes' package exports hide its JSON files, so they are
 * imported by path from the workspace's node_modules (npm hoists the package there; the build fails loudly
 * if it ever moves).
 */
const themeModules: Record<EditorThemeId, () => Promise<ThemeModule>> = {
  monokai: () => import('../../../../../node_modules/monaco-themes/themes/Monokai.json'),
  dracula: () => import('../../../../../node_modules/monaco-themes/themes/Dracula.json'),
  'solarized-dark': () => import('../../../../../node_modules/monaco-themes/themes/Solarized-dark.json'),
  'tomorrow-night': () => import('../../../../../node_modules/monaco-themes/themes/Tomorrow-Night.json'),
  cobalt: () => import('../../../../../node_modules/monaco-themes/themes/Cobalt.json'),
  twilight: () => import('../../../../../node_modules/monaco-themes/themes/Twilight.json'),
  'night-owl': () => import('../../../../../node_modules/monaco-themes/themes/Night Owl.json'),
  nord: () => import('../../../../../node_modules/monaco-themes/themes/Nord.json'),
  'oceanic-next': () => import('../../../../../node_modules/monaco-themes/themes/Oceanic Next.json'),
  'github-dark': () => import('../../../../../node_modules/monaco-themes/themes/GitHub Dark.json'),
  eclipse: () => import('./eclipse-theme').then((module) => ({ default: module.eclipseTheme })),
  'github-light': () => import('../../../../../node_modules/monaco-themes/themes/GitHub Light.json'),
  'solarized-light': () => import('../../../../../node_modules/monaco-themes/themes/Solarized-light.json'),
  tomorrow: () => import('../../../../../node_modules/monaco-themes/themes/Tomorrow.json'),
  xcode: () => import('../../../../../node_modules/monaco-themes/themes/Xcode_default.json'),
  clouds: () => import('../../../../../node_modules/monaco-themes/themes/Clouds.json'),
  dawn: () => import('../../../../../node_modules/monaco-themes/themes/Dawn.json'),
};

const definedThemes = new Map<EditorThemeId, Promise<void>>();

/** Defines the theme in Monaco once (under its id) and resolves when `setTheme(id)` will show it. */
export function defineEditorTheme(monaco: Monaco, id: EditorThemeId): Promise<void> {
  let defined = definedThemes.get(id);
  if (!defined) {
    defined = themeModules[id]().then((module) => monaco.editor.defineTheme(id, module.default as ThemeData));
    // A failed fetch (e.g. a new deployment replaced the chunk) may be retried with the next choice.
    defined.catch(() => definedThemes.delete(id));
    definedThemes.set(id, defined);
  }
  return defined;
}

/** Monaco's built-in theme of the same kind, shown until the chosen theme has arrived. */
export function fallbackTheme(id: EditorThemeId): 'vs' | 'vs-dark' {
  return editorThemeKind(id) === 'dark' ? 'vs-dark' : 'vs';
}
