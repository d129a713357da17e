import {
  canClosePane,
  defaultOpenPanes,
  editorThemes,
  normalizeWorkspaceOptions,
  togglePane,
  topHalfSize,
} from './workspace';

describe('editor themes', () => {
  it('has ten dark and seven light themes with distinct ids', () => {
    expect(editorThemes.filter((t) => t.kind === 'dark')).toHaveLength(10);
    expect(editorThemes.filter((t) => t.kind === 'light')).toHaveLength(7);
    expect(new Set(editorThemes.map((t) => t.id)).size).toBe(17);
  });
});

describe('normalizeWorkspaceOptions (spec 5)', () => {
  it('gives the defaults for nothing stored', () => {
    expect(normalizeWorkspaceOptions(undefined)).toEqual({
      language: 'javascript',
      theme: 'dark',
      keymap: 'sublime',
      fontZoom: 1,
      isWhiteboardModeOn: false,
      layout: 'layout1',
      syntaxHighlight: true,
      syntaxHighlightTheme: 'monokai',
    });
  });

  it('keeps valid stored values', () => {
    const stored = {
      language: 'python',
      theme: 'light',
      keymap: 'vim',
      fontZoom: 1.5,
      isWhiteboardModeOn: true,
      layout: 'layout4',
      syntaxHighlight: false,
      syntaxHighlightTheme: 'solarized-light',
    };
    expect(normalizeWorkspaceOptions(stored)).toEqual(stored);
  });

  it('a theme that is neither dark nor light becomes dark; a bad layout the default', () => {
    const options = normalizeWorkspaceOptions({ theme: 'sepia', layout: 'layout6' });
    expect(options.theme).toBe('dark');
    expect(options.layout).toBe('layout1');
  });

  it('a zero zoom becomes 1; out-of-range zooms are clamped', () => {
    expect(normalizeWorkspaceOptions({ fontZoom: 0 }).fontZoom).toBe(1);
    expect(normalizeWorkspaceOptions({ fontZoom: 9 }).fontZoom).toBe(3);
    expect(normalizeWorkspaceOptions({ fontZoom: 0.1 }).fontZoom).toBe(0.5);
    expect(normalizeWorkspaceOptions({ fontZoom: 'big' }).fontZoom).toBe(1);
  });

  it('the syntax-highlight theme falls back to monokai for dark and eclipse for light', () => {
    expect(normalizeWorkspaceOptions({ theme: 'light' }).syntaxHighlightTheme).toBe('eclipse');
    expect(
      normalizeWorkspaceOptions({ theme: 'light', syntaxHighlightTheme: 'dracula' }).syntaxHighlightTheme,
    ).toBe('eclipse');
    expect(
      normalizeWorkspaceOptions({ theme: 'dark', syntaxHighlightTheme: 'nope' }).syntaxHighlightTheme,
    ).toBe('monokai');
  });

  it('unknown keymaps and languages fall back to the defaults', () => {
    const options = normalizeWorkspaceOptions({ keymap: 'nano', language: 'cobol' });
    expect(options.keymap).toBe('sublime');
    expect(options.language).toBe('javascript');
  });
});

describe('panes (spec 4)', () => {
  it('the only open pane cannot be closed', () => {
    const onlyPrompt = {
      prompt: true,
      scratchpad: false,
      video: false,
      walkthrough: false,
      solutions: false,
    };
    expect(canClosePane(onlyPrompt, 'prompt')).toBe(false);
    expect(togglePane(onlyPrompt, 'prompt')).toBe(onlyPrompt);
    expect(canClosePane(defaultOpenPanes, 'prompt')).toBe(true);
    expect(togglePane(defaultOpenPanes, 'scratchpad')).toEqual(onlyPrompt);
  });

  it('the top half is 1, 0 or 0.5 depending on which halves have open panes', () => {
    expect(
      topHalfSize({ prompt: true, scratchpad: false, video: false, walkthrough: false, solutions: false }),
    ).toBe(1);
    expect(
      topHalfSize({ prompt: false, scratchpad: true, video: false, walkthrough: false, solutions: false }),
    ).toBe(0);
    expect(
      topHalfSize({ prompt: false, scratchpad: false, video: true, walkthrough: true, solutions: false }),
    ).toBe(0.5);
  });
});
