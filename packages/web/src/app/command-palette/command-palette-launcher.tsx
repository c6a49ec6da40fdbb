import { useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadBoundary, retryableLazy } from '../../components/errors/load-boundary';
import { HeaderAction } from '../../components/layout/header-action';
import { findItemsQueryOptions } from '../../lib/api/find-items';
import { getItemSelection } from '../../lib/item-selection';
import { isApplePlatform, SHORTCUT_KEYS, useShortcutsEnabled } from '../../lib/shortcuts';
import type { HeldTyping, PaletteTools } from './command-palette';
import { paletteShortcut, RECENT_LIMIT } from './palette-launch';

/** The palette (Spotlight, its styles, its commands) loads when it is first opened. */
const loadPalette = () => import('./command-palette');
const CommandPalette = retryableLazy(async () => ({ default: (await loadPalette()).CommandPalette }));

const SHORTCUT = paletteShortcut(isApplePlatform());

/**
 * The pane the person is in as they open the palette, which its "here" means: the one that
 * holds the focus, else the one their selection is in.
 */
function paneAtHand(): string | null {
  const focused = document.activeElement?.closest<HTMLElement>('[data-pane-id]')?.dataset.paneId;
  return focused ?? getItemSelection()?.scope ?? null;
}

/** The longest the keys typed are held for the palette (its code loading, its field taking the focus). */
const HOLD_TYPING_MS = 3_000;

/**
 * Holds the keys typed between asking for the palette and its field taking the focus (the
 * first time, its code loads meanwhile): what they type, and an Enter after it, are kept for
 * the palette, and none of them reaches the page (where a single key may be a shortcut).
 * Answers the function that stops holding and gives what was held.
 */
function holdTyping(): () => HeldTyping {
  const held: HeldTyping = { typed: '', enter: null };
  const hold = (event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key.length === 1) {
      held.typed += event.key;
      held.enter = null;
    } else if (event.key === 'Backspace') {
      held.typed = held.typed.slice(0, -1);
    } else if (event.key === 'Enter') {
      held.enter = { newPane: event.shiftKey };
    }
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  window.addEventListener('keydown', hold, { capture: true });
  const release = () => {
    window.removeEventListener('keydown', hold, { capture: true });
    clearTimeout(timer);
    return held;
  };
  const timer = setTimeout(release, HOLD_TYPING_MS);
  return release;
}

/**
 * The header's search button and Ctrl+K (⌘K on a Mac) on every signed-in page, in a text
 * field too (it types nothing there) but not over another dialog: both open the command
 * palette. `tools` are the header's dialogs the palette's commands open.
 */
export function CommandPaletteLauncher(tools: PaletteTools) {
  const { t } = useTranslation();
  const shortcutsEnabled = useShortcutsEnabled();
  const [paneId, setPaneId] = useState<string | null>(null);
  const [requested, setRequested] = useState(false);

  const queryClient = useQueryClient();
  const open = useCallback(() => {
    setPaneId(paneAtHand());
    setRequested(true);
    // The recent items it first shows are asked for while its code loads.
    void queryClient.prefetchQuery(findItemsQueryOptions({ q: '', limit: RECENT_LIMIT }));
    const release = holdTyping();
    loadPalette().then(
      ({ openPalette }) => openPalette(release),
      () => release(),
    );
  }, [queryClient]);

  // Not over another dialog: its keys are its own.
  const openUnlessInDialog = useCallback(() => {
    if (document.querySelector('[aria-modal="true"]') === null) open();
  }, [open]);
  useHotkeys(shortcutsEnabled ? [[SHORTCUT_KEYS.commandPalette, openUnlessInDialog]] : [], [], true);

  return (
    <>
      <HeaderAction
        label={t('palette.open')}
        icon={<IconSearch size={20} stroke={1.7} />}
        onClick={open}
        shortcut={SHORTCUT}
      />
      {requested && (
        <LoadBoundary retry={CommandPalette.retry}>
          <Suspense fallback={null}>
            <CommandPalette {...tools} paneId={paneId} />
          </Suspense>
        </LoadBoundary>
      )}
    </>
  );
}
