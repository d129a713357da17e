import { type EditorThemeId, editorThemeKind } from '@app/contracts';
import type { editor } from 'monaco-editor/esm/vs/editor/editor.api.js';
import { vs, vs_dark } from 'monaco-editor/esm/vs/editor/standalone/common/themes.js';
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
    defined = themeModules[id]().then((module) =>
      monaco.editor.defineTheme(id, withReadableText(module.default as ThemeData)),
    );
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

type Rgb = [number, number, number];
const MIN_CONTRAST = 4.5;

function parseHex(color: string | undefined): { rgb: Rgb; alpha: number } | null {
  const hex = color?.replace(/^#/, '') ?? '';
  if (!/^([0-9a-f]{6}|[0-9a-f]{8})$/i.test(hex)) return null;
  const channel = (index: number) => parseInt(hex.slice(index, index + 2), 16);
  return { rgb: [channel(0), channel(2), channel(4)], alpha: hex.length === 8 ? channel(6) / 255 : 1 };
}

const toHex = (rgb: Rgb) => rgb.map((value) => Math.round(value).toString(16).padStart(2, '0')).join('');
const mix = (from: Rgb, to: Rgb, share: number): Rgb =>
  from.map((value, i) => value + (to[i] - value) * share) as Rgb;

function luminance(rgb: Rgb) {
  const [r, g, b] = rgb.map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: Rgb, b: Rgb) {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The themes' palettes as published, except that text too faint for WCAG AA (4.5:1, axe's color-contrast)
 * against the editor's, current line's or gutter's background is lightened (dark themes) or darkened
 * (light ones) just enough, keeping its hue: Monokai's keywords, most themes' comments, Monaco's regular
 * expressions.
 */
function withReadableText(theme: ThemeData): ThemeData {
  const background =
    parseHex(theme.colors['editor.background'])?.rgb ??
    (theme.base === 'vs' ? [255, 255, 255] : [30, 30, 30]);
  const backgrounds: Rgb[] = [background];
  for (const key of ['editor.lineHighlightBackground', 'editorGutter.background']) {
    const layer = parseHex(theme.colors[key]);
    if (layer) backgrounds.push(mix(background, layer.rgb, layer.alpha));
  }
  const towards: Rgb = luminance(background) < 0.5 ? [255, 255, 255] : [0, 0, 0];
  function readable(color: string | undefined): string | undefined {
    const parsed = parseHex(color);
    if (!color || !parsed || parsed.alpha < 1) return color;
    let share = 0;
    let rgb = parsed.rgb;
    while (share < 1 && backgrounds.some((layer) => contrast(rgb, layer) < MIN_CONTRAST)) {
      share = Math.min(1, share + 0.02);
      rgb = mix(parsed.rgb, towards, share);
    }
    return share === 0 ? color : `${color.startsWith('#') ? '#' : ''}${toHex(rgb)}`;
  }
  // Monaco's own line-number colour where the theme sets none.
  const colors: ThemeData['colors'] = {
    'editorLineNumber.foreground': theme.base === 'vs' ? '#237893' : '#858585',
    ...theme.colors,
  };
  for (const key of ['editor.foreground', 'editorLineNumber.foreground', 'editorLineNumber.activeForeground'])
    if (colors[key]) colors[key] = readable(colors[key])!;
  return {
    ...theme,
    // The inherited rules too (the theme's own come after and win), so that colours the theme leaves to
    // its base, such as regular expressions', are checked as well.
    rules: [...(theme.inherit ? (theme.base === 'vs' ? vs : vs_dark).rules : []), ...theme.rules].map(
      (rule) => (rule.foreground ? { ...rule, foreground: readable(rule.foreground) } : rule),
    ),
    colors,
  };
}
