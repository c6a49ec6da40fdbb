import { PAGE_PATHS } from '@nestbox/shared/routes';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import {
  createKeySequences,
  isTypingTarget,
  openShortcutsHelp,
  SHORTCUT_KEYS,
  useShortcutsEnabled,
} from '../../lib/shortcuts';

const MODIFIER_KEYS = new Set(['Shift', 'Control', 'Alt', 'AltGraph', 'Meta', 'CapsLock']);

/**
 * Whether a key pressed anywhere may be a global shortcut: not while typing, not while a
 * dialog is open (its keys are its own), not with Ctrl, Alt or Cmd held.
 */
function mayAnswer(event: KeyboardEvent): boolean {
  return (
    !event.defaultPrevented &&
    !event.ctrlKey &&
    !event.metaKey &&
    !event.altKey &&
    !isTypingTarget(event.target) &&
    document.querySelector('[aria-modal="true"]') === null
  );
}

/** The keys of every signed-in page: `G` then `W`, `O` or `U` go to a page, `?` shows the shortcuts. */
export function useGlobalShortcuts(): void {
  const enabled = useShortcutsEnabled();
  const navigate = useNavigate();

  useEffect(() => {
    if (!enabled) return;
    const feed = createKeySequences({
      [PAGE_PATHS.boxes]: [SHORTCUT_KEYS.goTo, SHORTCUT_KEYS.goToWorkspace],
      [PAGE_PATHS.organiser]: [SHORTCUT_KEYS.goTo, SHORTCUT_KEYS.goToOrganiser],
      [PAGE_PATHS.upcoming]: [SHORTCUT_KEYS.goTo, SHORTCUT_KEYS.goToUpcoming],
    });
    const handleKeyDown = (event: KeyboardEvent) => {
      if (MODIFIER_KEYS.has(event.key) || event.repeat) return;
      const answer = mayAnswer(event);
      // `?` is told by what it types: keyboards differ on the Shift it takes.
      if (answer && event.key === SHORTCUT_KEYS.help) {
        event.preventDefault();
        openShortcutsHelp();
        return;
      }
      // Any other key breaks a sequence, so it is fed even when it is not ours to answer.
      const path = feed(answer ? event.key : '', event.timeStamp);
      if (!path) return;
      event.preventDefault();
      void navigate(path);
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [enabled, navigate]);
}
