import {
  type CodingLanguage,
  type Keymap,
  type ThemeKind,
  type WorkspaceLayout,
  type WorkspacePane,
  DEFAULT_FONT_ZOOM,
  DEFAULT_KEYMAP,
  DEFAULT_LANGUAGE,
  DEFAULT_LAYOUT,
  codingLanguages,
  keymaps,
  syntaxHighlightThemeFallbacks,
  themeKinds,
  workspaceLayouts,
} from '../constants';
import { trackCodingProductIds, trackCodingQuestions } from '../content/learning';

/*
 * The coding workspace's stored options and pane rules (spec 3, 4, 5). Pure, so the workspace page and
 * its tests share them.
 */

/** The editor's syntax-highlight themes: ten dark and seven light (spec 3). */
export const editorThemes = [
  { id: 'monokai', label: 'Monokai', kind: 'dark' },
  { id: 'dracula', label: 'Dracula', kind: 'dark' },
  { id: 'solarized-dark', label: 'Solarized Dark', kind: 'dark' },
  { id: 'tomorrow-night', label: 'Tomorrow Night', kind: 'dark' },
  { id: 'cobalt', label: 'Cobalt', kind: 'dark' },
  { id: 'twilight', label: 'Twilight', kind: 'dark' },
  { id: 'night-owl', label: 'Night Owl', kind: 'dark' },
  { id: 'nord', label: 'Nord', kind: 'dark' },
  { id: 'oceanic-next', label: 'Oceanic Next', kind: 'dark' },
  { id: 'github-dark', label: 'GitHub Dark', kind: 'dark' },
  { id: 'eclipse', label: 'Eclipse', kind: 'light' },
  { id: 'github-light', label: 'GitHub Light', kind: 'light' },
  { id: 'solarized-light', label: 'Solarized Light', kind: 'light' },
  { id: 'tomorrow', label: 'Tomorrow', kind: 'light' },
  { id: 'xcode', label: 'Xcode', kind: 'light' },
  { id: 'clouds', label: 'Clouds', kind: 'light' },
  { id: 'dawn', label: 'Dawn', kind: 'light' },
] as const satisfies readonly { id: string; label: string; kind: ThemeKind }[];
export type EditorThemeId = (typeof editorThemes)[number]['id'];

export function isEditorTheme(value: unknown): value is EditorThemeId {
  return editorThemes.some((theme) => theme.id === value);
}

export function editorThemeKind(id: EditorThemeId): ThemeKind {
  return editorThemes.find((theme) => theme.id === id)!.kind;
}

/** Workspace options of spec 3, after the stored-option rules of spec 5. */
export type WorkspaceOptions = {
  language: CodingLanguage;
  /** The workspace's colour scheme. */
  theme: ThemeKind;
  keymap: Keymap;
  fontZoom: number;
  isWhiteboardModeOn: boolean;
  layout: WorkspaceLayout;
  /** Whether the editor colours the code at all. */
  syntaxHighlight: boolean;
  syntaxHighlightTheme: EditorThemeId;
};

export const MIN_FONT_ZOOM = 0.5;
export const MAX_FONT_ZOOM = 3;

/**
 * Spec 5: a stored theme must be dark or light (dark otherwise: the editor's default theme, monokai, is
 * dark); the layout must be layout1..layout5, else the default; a zero (or missing) zoom becomes 1; the
 * syntax-highlight theme falls back to monokai for a dark theme and eclipse for a light one. Values of
 * the wrong type fall back the same way; a zoom outside 0.5..3 is clamped.
 */
export function normalizeWorkspaceOptions(stored: unknown): WorkspaceOptions {
  const value = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const theme: ThemeKind = themeKinds.includes(value.theme as ThemeKind)
    ? (value.theme as ThemeKind)
    : 'dark';
  const zoom = typeof value.fontZoom === 'number' && Number.isFinite(value.fontZoom) ? value.fontZoom : 0;
  return {
    language: codingLanguages.includes(value.language as CodingLanguage)
      ? (value.language as CodingLanguage)
      : DEFAULT_LANGUAGE,
    theme,
    keymap: keymaps.includes(value.keymap as Keymap) ? (value.keymap as Keymap) : DEFAULT_KEYMAP,
    fontZoom: zoom === 0 ? DEFAULT_FONT_ZOOM : Math.min(MAX_FONT_ZOOM, Math.max(MIN_FONT_ZOOM, zoom)),
    isWhiteboardModeOn: value.isWhiteboardModeOn === true,
    layout: workspaceLayouts.includes(value.layout as WorkspaceLayout)
      ? (value.layout as WorkspaceLayout)
      : DEFAULT_LAYOUT,
    syntaxHighlight: value.syntaxHighlight !== false,
    syntaxHighlightTheme:
      isEditorTheme(value.syntaxHighlightTheme) && editorThemeKind(value.syntaxHighlightTheme) === theme
        ? value.syntaxHighlightTheme
        : syntaxHighlightThemeFallbacks[theme],
  };
}

/**
 * The info column's two halves: prompt and video on top; scratchpad, walkthrough and the learners'
 * shared solutions (issue 23) below.
 */
export const paneHalves = {
  top: ['prompt', 'video'],
  bottom: ['scratchpad', 'walkthrough', 'solutions'],
} as const satisfies Record<'top' | 'bottom', readonly WorkspacePane[]>;

export type OpenPanes = Record<WorkspacePane, boolean>;
export const defaultOpenPanes: OpenPanes = {
  prompt: true,
  scratchpad: true,
  video: false,
  walkthrough: false,
  solutions: false,
};

/** Spec 4: a pane cannot be closed when it is the only one open. */
export function canClosePane(open: OpenPanes, pane: WorkspacePane): boolean {
  return open[pane] && Object.values(open).filter(Boolean).length > 1;
}

/** Opens or closes a pane; closing the only open pane changes nothing. */
export function togglePane(open: OpenPanes, pane: WorkspacePane): OpenPanes {
  if (open[pane] && !canClosePane(open, pane)) return open;
  return { ...open, [pane]: !open[pane] };
}

/** Spec 4: the top half's share of the info column: 1, 0 or 0.5 depending on which panes are open. */
export function topHalfSize(open: OpenPanes): 0 | 0.5 | 1 {
  const top = paneHalves.top.some((pane) => open[pane]);
  const bottom = paneHalves.bottom.some((pane) => open[pane]);
  if (top && bottom) return 0.5;
  return top ? 1 : 0;
}

/** What each layout places where (spec 2 names layout1..layout5 only). */
export const layoutDescriptions: Record<WorkspaceLayout, string> = {
  layout1: 'Question left, code and results right',
  layout2: 'Code and results left, question right',
  layout3: 'Question, code and results in three columns',
  layout4: 'Question on top, code and results below',
  layout5: 'Code on top, question and results below',
};

/**
 * The languages a product's coding questions are offered and judged in: a learning track's own
 * (trackCodingQuestions); the algorithms' questions take every language.
 */
export function offeredLanguages(product: string): readonly CodingLanguage[] {
  const track = trackCodingProductIds.find((id) => id === product);
  return track ? trackCodingQuestions[track].languages : codingLanguages;
}
