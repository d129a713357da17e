import * as Popover from '@radix-ui/react-popover';
import {
  type EditorThemeId,
  type Keymap,
  type ThemeKind,
  type WorkspaceLayout,
  type WorkspaceOptions,
  EDITOR_FONT_SIZE_PX,
  MAX_FONT_ZOOM,
  MIN_FONT_ZOOM,
  editorThemes,
  keymaps,
  layoutDescriptions,
  syntaxHighlightThemeFallbacks,
  workspaceLayouts,
} from '@app/contracts';

type WorkspaceSettingsProps = {
  options: WorkspaceOptions;
  onChange: (change: Partial<WorkspaceOptions>) => void;
  fresh: boolean;
  onFreshToggle: () => void;
};

const keymapLabels: Record<Keymap, string> = { sublime: 'Sublime (default)', vim: 'Vim', emacs: 'Emacs' };
const ZOOM_STEP = 0.1;

/**
 * The workspace's options (layout, keymap, colours, font size, whiteboard and fresh-practice modes) in a
 * Radix popover: Escape closes it and returns focus to Settings, a press outside closes it. It renders in
 * place (no portal) so the workspace's colour variables reach it.
 */
export function WorkspaceSettings({ options, onChange, fresh, onFreshToggle }: WorkspaceSettingsProps) {
  const zoom = (delta: number) =>
    onChange({
      fontZoom:
        Math.round(Math.min(MAX_FONT_ZOOM, Math.max(MIN_FONT_ZOOM, options.fontZoom + delta)) * 10) / 10,
    });

  return (
    <div className="workspace-settings">
      <Popover.Root>
        <Popover.Trigger className="button button--secondary">Settings</Popover.Trigger>
        <Popover.Content
          className="workspace-settings__panel"
          aria-label="Workspace settings"
          align="end"
          sideOffset={6}
          collisionPadding={8}
        >
          <label>
            Layout
            <select
              value={options.layout}
              onChange={(event) => onChange({ layout: event.target.value as WorkspaceLayout })}
            >
              {workspaceLayouts.map((layout, index) => (
                <option key={layout} value={layout}>
                  {index + 1}. {layoutDescriptions[layout]}
                </option>
              ))}
            </select>
          </label>
          <label>
            Keymap
            <select
              value={options.keymap}
              onChange={(event) => onChange({ keymap: event.target.value as Keymap })}
            >
              {keymaps.map((keymap) => (
                <option key={keymap} value={keymap}>
                  {keymapLabels[keymap]}
                </option>
              ))}
            </select>
          </label>
          <label>
            Theme
            <select
              value={options.theme}
              onChange={(event) => {
                const theme = event.target.value as ThemeKind;
                onChange({ theme, syntaxHighlightTheme: syntaxHighlightThemeFallbacks[theme] });
              }}
            >
              <option value="dark">Dark</option>
              <option value="light">Light</option>
            </select>
          </label>
          <label>
            Editor colours
            <select
              value={options.syntaxHighlightTheme}
              onChange={(event) => onChange({ syntaxHighlightTheme: event.target.value as EditorThemeId })}
            >
              {editorThemes
                .filter((theme) => theme.kind === options.theme)
                .map((theme) => (
                  <option key={theme.id} value={theme.id}>
                    {theme.label}
                  </option>
                ))}
            </select>
          </label>
          <div className="workspace-settings__zoom" role="group" aria-label="Font size">
            <span>Font size</span>
            <button
              type="button"
              onClick={() => zoom(-ZOOM_STEP)}
              aria-label="Smaller font"
              disabled={options.fontZoom <= MIN_FONT_ZOOM}
            >
              A−
            </button>
            <output aria-live="polite">{Math.round(EDITOR_FONT_SIZE_PX * options.fontZoom)} px</output>
            <button
              type="button"
              onClick={() => zoom(ZOOM_STEP)}
              aria-label="Larger font"
              disabled={options.fontZoom >= MAX_FONT_ZOOM}
            >
              A+
            </button>
          </div>
          <label className="workspace-settings__check">
            <input
              type="checkbox"
              checked={options.syntaxHighlight}
              onChange={(event) => onChange({ syntaxHighlight: event.target.checked })}
            />
            Syntax highlighting
          </label>
          <label className="workspace-settings__check">
            <input
              type="checkbox"
              checked={options.isWhiteboardModeOn}
              onChange={(event) => onChange({ isWhiteboardModeOn: event.target.checked })}
            />
            Whiteboard mode
          </label>
          <label className="workspace-settings__check">
            <input type="checkbox" checked={fresh} onChange={onFreshToggle} />
            Fresh practice (hide my saved code)
          </label>
        </Popover.Content>
      </Popover.Root>
    </div>
  );
}
