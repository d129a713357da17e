import { useState } from 'react';
import type { CodingLanguage } from '@app/contracts';
import type { SavedQuestionData, WorkspaceQuestion } from '../workspace-question';

type UseDraftsArgs = {
  question: WorkspaceQuestion;
  saved: SavedQuestionData;
  language: CodingLanguage;
  /** Queues a change for the autosave (a user-data patch keyed by the question's name). */
  onSave: (patch: Record<string, unknown>) => void;
};

/**
 * What the learner writes for a question: the code of each solution slot and language (or of a fresh
 * practice round, which hides the saved code and saves nothing), the scratchpad and the personal note.
 * Every change shows at once and is queued for the autosave.
 */
export function useDrafts({ question, saved, language, onSave }: UseDraftsArgs) {
  const [slot, setSlot] = useState(1);
  const [isFresh, setIsFresh] = useState(false);
  const [freshRound, setFreshRound] = useState(0);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [scratchpad, setScratchpad] = useState(saved.scratchpadText ?? '');
  const [note, setNote] = useState(saved.note ?? '');

  const starter = question.starterCode?.[language] ?? '';
  // The editor's model path: one model (and undo history) per slot or fresh round, and language.
  const path = isFresh
    ? `${question.id}/fresh-${freshRound}/${language}`
    : `${question.id}/solution-${slot}/${language}`;
  const code = drafts[path] ?? (isFresh ? starter : (saved.solutions?.[slot]?.[language] ?? starter));

  function setCode(value: string) {
    setDrafts((current) => ({ ...current, [path]: value }));
    // Fresh practice hides the saved code and leaves it untouched.
    if (!isFresh) onSave({ [question.name]: { solutions: { [slot]: { [language]: value } } } });
  }

  function changeScratchpad(text: string) {
    setScratchpad(text);
    onSave({ [question.name]: { scratchpadText: text } });
  }

  function changeNote(text: string) {
    setNote(text);
    onSave({ [question.name]: { note: text } });
  }

  function toggleFresh() {
    setIsFresh((on) => !on);
    setFreshRound((round) => round + 1);
  }

  return {
    slot,
    selectSlot: setSlot,
    isFresh,
    toggleFresh,
    path,
    code,
    changeCode: setCode,
    resetCode: () => setCode(starter),
    scratchpad,
    changeScratchpad,
    note,
    changeNote,
  };
}
