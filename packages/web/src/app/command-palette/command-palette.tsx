import './command-palette.css';
import { Loader, Modal, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { createSpotlight, SpotlightRoot, SpotlightSearch, useSpotlight } from '@mantine/spotlight';
import { SEARCH_TERM_MAX_LENGTH, Z_INDEX } from '@nestbox/shared/constants';
import type { FoundItem } from '@nestbox/shared/items/find.schema';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoveToNewParent } from '../../features/items/api/move-to-new-parent';
import { useNotifyFailure } from '../../hooks/use-notify-failure';
import { focusSelectedRowIfLost } from '../../hooks/use-row-selection';
import { useFindItems } from '../../lib/api/find-items';
import { getItemQueryOptions } from '../../lib/api/items/get-item';
import { useWorkspace } from '../../lib/api/panes/get-workspace';
import { displayTitleIn } from '../../lib/display-title';
import { useItemSelection } from '../../lib/item-selection';
import classes from './command-palette.module.css';
import { RECENT_LIMIT } from './palette-launch';
import { type Group, optionId, PaletteFooter, PaletteList, type Row } from './palette-rows';
import { commandMatches, FOUND_LIMIT, herePane } from './palette-rules';
import { useOpenFoundItem } from './use-open-found-item';
import { type PaletteCommand, usePaletteCommands } from './use-palette-commands';

/** Typing settles this long before the server is asked (each keystroke then asks once). */
const TYPING_PAUSE_MS = 120;

const [store, palette] = createSpotlight();

/** What was typed while the palette opened (see CommandPaletteLauncher), and an Enter after it. */
export interface HeldTyping {
  typed: string;
  enter: { newPane: boolean } | null;
}

/** Gives what was typed while the palette opened, once its field has the focus. */
let heldTyping: (() => HeldTyping) | null = null;

/** Opens the palette (it must be mounted: see CommandPaletteLauncher). */
export function openPalette(release?: () => HeldTyping): void {
  heldTyping = release ?? null;
  palette.open();
}

function takeHeldTyping(): HeldTyping | null {
  const release = heldTyping;
  heldTyping = null;
  return release?.() ?? null;
}

/** The header's dialogs that the palette's commands open. */
export interface PaletteTools {
  openReminders: () => void;
  openSettings: () => void;
}

/**
 * The command palette (Ctrl+K): finds every box and text the person sees by a fuzzy match on
 * its title (the server's finder), and lists the commands that answer what is typed. Enter
 * opens what is chosen, Shift+Enter a box in a new pane. "Move the selected item to…" turns
 * the palette into a box finder for the move. Built on Mantine's Spotlight, as a combobox
 * whose list names the chosen option to screen readers.
 */
export function CommandPalette({
  paneId,
  openReminders,
  openSettings,
}: PaletteTools & { paneId: string | null }) {
  const { t } = useTranslation();
  const listId = useId();
  const { opened } = useSpotlight(store);
  const [query, setQuery] = useState('');
  const [settled] = useDebouncedValue(query.trim(), TYPING_PAUSE_MS);
  /** The item being moved, once "Move the selected item to…" is chosen. */
  const [moving, setMoving] = useState<string | null>(null);
  const [returnFocus, setReturnFocus] = useState(true);
  /** The option Enter acts on, by its place in the list. */
  const [active, setActive] = useState(0);
  /** Whether the active option was picked with the arrows since the last keystroke. */
  const picked = useRef(false);
  /** Enter pressed before the answer to what is typed came (Shift held or not). */
  const [enterWaiting, setEnterWaiting] = useState<{ newPane: boolean } | null>(null);
  const changeQuery = (next: string) => {
    picked.current = false;
    setEnterWaiting(null);
    setQuery(next);
  };

  const workspace = useWorkspace();
  const here = herePane(workspace.data, paneId);
  const selection = useItemSelection();
  const selectedItem = useQuery({
    ...getItemQueryOptions(selection?.itemId ?? ''),
    enabled: opened && selection !== null,
  });
  const openFound = useOpenFoundItem(here);
  const moveToNewParent = useMoveToNewParent();
  const notifyFailure = useNotifyFailure();

  // Each opening starts afresh: the commands, focus going back where it was.
  useEffect(() => {
    if (opened) {
      setMoving(null);
      setReturnFocus(true);
    } else {
      takeHeldTyping();
    }
  }, [opened]);

  const found = useFindItems(
    {
      q: settled,
      type: moving ? 'todoBox' : undefined,
      limit: settled || moving ? FOUND_LIMIT : RECENT_LIMIT,
    },
    { enabled: opened },
  );

  const startMove = () => {
    if (!selection) return;
    setMoving(selection.itemId);
    changeQuery('');
  };
  const commands = usePaletteCommands({
    here,
    selected: selection ? { itemId: selection.itemId, item: selectedItem.data } : null,
    onMove: startMove,
    openReminders,
    openSettings,
  });

  const results = (found.data?.results ?? []).filter((result) => result._id !== moving);
  const groups: Group[] = [];
  if (results.length > 0) {
    const label = moving ? 'palette.group.boxes' : settled ? 'palette.group.found' : 'palette.group.recent';
    groups.push({
      key: 'found',
      label: t(label),
      rows: results.map((result) => ({ key: `item-${result._id}`, found: result })),
    });
  }
  const matching = moving ? [] : commands.filter((c) => commandMatches(query, c.label, c.keywords));
  if (matching.length > 0) {
    groups.push({
      key: 'commands',
      label: t('palette.group.commands'),
      rows: matching.map((command) => ({ key: `command-${command.id}`, command })),
    });
  }
  const rows = groups.flatMap((group) => group.rows);
  const rowKeys = rows.map((row) => row.key).join(' ');

  // The first line is the one Enter acts on, whenever the lines change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the lines changing is what resets it.
  useEffect(() => setActive(0), [opened, rowKeys]);
  const activeRow = rows.length > 0 ? rows[Math.min(active, rows.length - 1)] : undefined;
  const activeId = activeRow ? optionId(listId, activeRow.key) : undefined;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  const current = settled === query.trim();
  /** The list shows the answer to what is typed (not the previous one, kept meanwhile). */
  const answered = found.isError || (current && found.data !== undefined && !found.isPlaceholderData);
  let status: ReactNode = null;
  if (found.isError) {
    status = t('palette.failed');
  } else if (found.isPending && rows.length === 0) {
    status = (
      <>
        <Loader size="xs" type="dots" aria-hidden /> {t('palette.loading')}
      </>
    );
  } else if (rows.length === 0 && current && query.trim() && !found.isFetching) {
    status = t('palette.empty', { query: query.trim() });
  }

  const handleFound = (result: FoundItem, inNewPane: boolean) => {
    palette.close();
    if (moving) {
      moveToNewParent.mutate(
        {
          itemId: moving,
          newParentItemId: result._id,
          toTitle: displayTitleIn(t, { title: result.title, itemType: 'todoBox' }),
        },
        { onError: (error) => notifyFailure(error) },
      );
      return;
    }
    void openFound(result, { newPane: inNewPane });
  };

  const handleCommand = (command: PaletteCommand) => {
    if (command.unavailable) return;
    if (command.takesFocus) setReturnFocus(false);
    if (!command.staysOpen) palette.close();
    command.run();
  };

  const backToCommands = () => {
    setMoving(null);
    changeQuery('');
  };

  const choose = (row: Row, inNewPane: boolean) => {
    if ('found' in row) handleFound(row.found, inNewPane);
    else handleCommand(row.command);
  };

  // The keys of a combobox: the arrows move among the options (round the ends), Enter
  // chooses (Shift+Enter: in a new pane). In the box finder, Escape (and Backspace with
  // nothing typed) goes back to the commands.
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = rows.length;
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (count > 0) {
        const from = Math.min(active, count - 1);
        setActive((from + (event.key === 'ArrowDown' ? 1 : count - 1)) % count);
        picked.current = true;
      }
    } else if (event.key === 'Enter') {
      event.preventDefault();
      // Typed and Enter at once: the best match for what is typed, once it is in.
      if (!picked.current && !answered) setEnterWaiting({ newPane: event.shiftKey });
      else if (activeRow) choose(activeRow, event.shiftKey);
    } else if (moving && (event.key === 'Escape' || (event.key === 'Backspace' && query === ''))) {
      event.preventDefault();
      event.stopPropagation();
      backToCommands();
    }
  };

  const latest = useRef({ rows, choose });
  latest.current = { rows, choose };
  useEffect(() => {
    if (!enterWaiting || !answered) return;
    setEnterWaiting(null);
    const now = latest.current;
    const [first] = now.rows;
    if (first) now.choose(first, enterWaiting.newPane);
  }, [enterWaiting, answered]);

  const title = selectedItem.data ? displayTitleIn(t, selectedItem.data) : '…';

  return (
    <SpotlightRoot
      store={store}
      query={query}
      onQueryChange={changeQuery}
      shortcut={null}
      zIndex={Z_INDEX.modal}
      size={640}
      // Held near the top (not centred, as the app's dialogs are), so it keeps its place as the list changes.
      centered={false}
      yOffset="10vh"
      returnFocus={returnFocus}
      // What had the focus may be gone (the item just moved away): the selection takes it then.
      onExitTransitionEnd={focusSelectedRowIfLost}
      classNames={{ content: classes.content }}
    >
      <VisuallyHidden>
        <Modal.Title>{t('palette.title')}</Modal.Title>
      </VisuallyHidden>
      {/* The field stays in sight while the list scrolls under it. */}
      <div className={classes.top}>
        <SpotlightSearch
          role="combobox"
          aria-label={moving ? t('palette.move.input', { title }) : t('palette.input')}
          aria-expanded={rows.length > 0}
          aria-controls={rows.length > 0 ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          placeholder={moving ? t('palette.move.placeholder', { title }) : t('palette.placeholder')}
          maxLength={SEARCH_TERM_MAX_LENGTH}
          leftSection={<IconSearch size={20} stroke={1.7} />}
          rightSection={found.isFetching ? <Loader size="xs" aria-hidden /> : null}
          onKeyDown={handleKeyDown}
          onFocus={() => {
            const held = takeHeldTyping();
            if (held?.typed) changeQuery(held.typed);
            if (held?.enter) setEnterWaiting(held.enter);
          }}
          // In the box finder, Escape is the field's (back to the commands), not the dialog's.
          data-mantine-stop-propagation={moving ? 'true' : undefined}
        />
        <div role="status" className={classes.status} data-empty={status === null || undefined}>
          {status}
        </div>
      </div>
      {rows.length > 0 && (
        <PaletteList
          listId={listId}
          groups={groups}
          activeRow={activeRow}
          busy={found.isFetching}
          onFound={handleFound}
          onCommand={handleCommand}
        />
      )}
      <PaletteFooter moving={moving !== null} title={title} />
    </SpotlightRoot>
  );
}
