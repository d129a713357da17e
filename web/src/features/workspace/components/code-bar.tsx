import type { CodingLanguage } from '@app/contracts';
import { Button } from '@/shared/ui/button';
import type { SaveState } from '@/shared/lib/use-debounced-save';
import { languageLabels, SOLUTION_SLOTS } from '../utils/workspace-config';

const saveStateLabels: Record<SaveState, string> = {
  saved: 'All changes saved',
  pending: 'Unsaved changes…',
  saving: 'Saving…',
  failed: 'Not saved: retrying on your next change',
};

type CodeBarProps = {
  languages: readonly CodingLanguage[];
  language: CodingLanguage;
  /** Languages the server is still warming up after a start. */
  warming: ReadonlySet<CodingLanguage>;
  onLanguageChange: (language: CodingLanguage) => void;
  fresh: boolean;
  slot: number;
  onSlotChange: (slot: number) => void;
  signedIn: boolean;
  saveState: SaveState;
  onCopy: () => void;
  onReset: () => void;
};

/** Above the editor: the language, the solution slot (or the fresh-practice mark), the save state, copy and reset. */
export function CodeBar({
  languages,
  language,
  warming,
  onLanguageChange,
  fresh,
  slot,
  onSlotChange,
  signedIn,
  saveState,
  onCopy,
  onReset,
}: CodeBarProps) {
  const saveLabel = !signedIn
    ? 'Log in to save your code'
    : fresh
      ? 'Fresh practice: not saved'
      : saveStateLabels[saveState];

  return (
    <div className="code-bar">
      <label className="code-bar__field">
        <span className="visually-hidden">Language</span>
        <select value={language} onChange={(event) => onLanguageChange(event.target.value as CodingLanguage)}>
          {languages.map((l) => (
            <option key={l} value={l}>
              {warming.has(l) ? `${languageLabels[l]} (warming up)` : languageLabels[l]}
            </option>
          ))}
        </select>
      </label>
      {fresh ? (
        <span className="code-bar__fresh">Fresh practice</span>
      ) : (
        <div className="code-bar__slots" role="group" aria-label="Solution slots">
          {Array.from({ length: SOLUTION_SLOTS }, (_, i) => i + 1).map((n) => (
            <button
              key={n}
              type="button"
              className="slot-button"
              aria-pressed={slot === n}
              onClick={() => onSlotChange(n)}
            >
              Solution {n}
            </button>
          ))}
        </div>
      )}
      <span className="code-bar__save" role="status" data-save-state={signedIn ? saveState : 'signed-out'}>
        {saveLabel}
      </span>
      <Button variant="link" onClick={onCopy}>
        Copy
      </Button>
      <Button variant="link" onClick={onReset}>
        Reset
      </Button>
    </div>
  );
}
