/* Workspace and editor (spec 2, 3, 5, 9). */

import type { CodingLanguage } from './execution';
import type { ProductId } from './products';

export const MAX_LAYOUTS = 5;
export const workspaceLayouts = ['layout1', 'layout2', 'layout3', 'layout4', 'layout5'] as const;
export type WorkspaceLayout = (typeof workspaceLayouts)[number];
/** The spec says "else the default layout" without naming it; the first one is used. */
export const DEFAULT_LAYOUT: WorkspaceLayout = 'layout1';

export const workspacePanes = ['prompt', 'scratchpad', 'video', 'walkthrough', 'solutions'] as const;
export type WorkspacePane = (typeof workspacePanes)[number];

export const keymaps = ['sublime', 'emacs', 'vim'] as const;
export type Keymap = (typeof keymaps)[number];
export const DEFAULT_KEYMAP: Keymap = 'sublime';

export const themeKinds = ['dark', 'light'] as const;
export type ThemeKind = (typeof themeKinds)[number];

export const DEFAULT_LANGUAGE: CodingLanguage = 'javascript';
/** A zero zoom is stored as this (spec 5). */
export const DEFAULT_FONT_ZOOM = 1;
/** Editor font size in px, multiplied by the zoom factor. */
export const EDITOR_FONT_SIZE_PX = 14;
/** Below this width the editor switches to its narrow layout. */
export const EDITOR_MIN_WIDTH_BREAKPOINT_PX = 768;
export const editorDefaults = { tabSize: 2, indentUnit: 2, theme: 'monokai' } as const;
/** Syntax-highlight theme fallbacks per theme kind (spec 5). */
export const syntaxHighlightThemeFallbacks = { dark: 'monokai', light: 'eclipse' } as const satisfies Record<
  ThemeKind,
  string
>;

export const sortMethods = ['difficulty', 'category'] as const;
export type SortMethod = (typeof sortMethods)[number];
/** Default sort per track; algorithms sort by difficulty, frontend and infrastructure by category. */
export const defaultSortMethods = {
  algoexpert: 'difficulty',
  frontendexpert: 'category',
  infraexpert: 'category',
} as const satisfies Partial<Record<ProductId, SortMethod>>;

/** Default theme key of the shell. */
export const DEFAULT_ACTIVE_THEME = 'ae';
