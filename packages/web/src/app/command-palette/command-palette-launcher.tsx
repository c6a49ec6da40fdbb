import { useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HeaderAction } from '../../components/layout/header-action';
import { findItemsQueryOptions } from '../../lib/api/find-items';
import { getItemSelection } from '../../lib/item-selection';
import { useShortcutsEnabled } from '../../lib/shortcuts';
import type { PaletteTools } from './command-palette';
import { isMacKeyboard, paletteShortcut, RECENT_LIMIT } from './palette-launch';

/** The palette (Spotlight, its styles, its commands) loads when it is first opened. */
const loadPalette = () => import('./command-palette');
const CommandPalette = lazy(async () => ({ default: (await loadPalette()).CommandPalette }));

const SHORTCUT = paletteShortcut(typeof navigator !== 'undefined' && isMacKeyboard(navigator.platform));

/**
 * The pane the person is in as they open the palette, which its "here" means: the one that
 * holds the focus, else the one their selection is in.
 */
function paneAtHand(): string | null {
  const focused = document.activeElement?.closest<HTMLElement>('[data-pane-id]')?.dataset.paneId;
  return focused ?? getItemSelection()?.scope ?? null;
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
    void loadPalette().then(({ openPalette }) => openPalette());
  }, [queryClient]);

  // Not over another dialog: its keys are its own.
  const openUnlessInDialog = useCallback(() => {
    if (document.querySelector('[aria-modal="true"]') === null) open();
  }, [open]);
  useHotkeys(shortcutsEnabled ? [['mod+K', openUnlessInDialog]] : [], [], true);

  return (
    <>
      <HeaderAction
        label={t('palette.open')}
        icon={<IconSearch size={20} stroke={1.7} />}
        onClick={open}
        shortcut={SHORTCUT}
      />
      {requested && (
        <Suspense fallback={null}>
          <CommandPalette {...tools} paneId={paneId} />
        </Suspense>
      )}
    </>
  );
}
