import { useEffect } from 'react';
import type { RunAction } from '../components/run-results';

/** Ctrl/Cmd + ' runs, with Shift submits, wherever the focus is (the editor handles its own keys). */
export function useRunShortcuts(execute: (action: RunAction) => void) {
  useEffect(() => {
    function handleKeyDown(event: KeyboardEvent) {
      if (!(event.ctrlKey || event.metaKey) || (event.key !== "'" && event.code !== 'Quote')) return;
      if (event.target instanceof Element && event.target.closest('.monaco-editor')) return;
      event.preventDefault();
      execute(event.shiftKey ? 'submit' : 'run');
    }
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, [execute]);
}
