import { ActionIcon, Popover } from '@mantine/core';
import type { Item } from '@nestbox/shared/items/item.schema';
import { IconDotsVertical } from '@tabler/icons-react';
import { type FocusEvent, type MouseEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './item-hover-menu.module.css';
import { MenuButtons } from './item-menu-buttons';

/** How long the menu waits after the pointer leaves, so it can cross the 6 px gap to the menu. */
const CLOSE_DELAY_MS = 150;

/**
 * A menu the pointer's arrival opens over the row's own right end takes no click for this
 * long: the click that came with the pointer is meant for the row beneath, not for a button
 * that appeared under it.
 */
const ARRIVAL_GUARD_MS = 300;

/**
 * Phones and touch screens: no hover, and no room beside the row. The menu then opens from a
 * small button at the row's end (or keyboard focus), over the row's right end.
 */
const COMPACT_QUERY = '(max-width: 36em), (hover: none)';

const isCompact = () => window.matchMedia(COMPACT_QUERY).matches;

/** SPEC §2: the menu is 170 px wide and sits 6 px right of the item. */
const MENU_WIDTH_PX = 170;

const MENU_OFFSET_PX = 6;

/** Phones: five 44 px buttons, 2 px apart, inside 2 px of padding and a 1 px border. */
const PHONE_QUERY = '(max-width: 36em)';

const PHONE_MENU_WIDTH_PX = 5 * 44 + 4 * 2 + 2 * 2 + 2;

/**
 * Where the free room right of a row ends: the screen's edge, or the left edge of a pane
 * beside the row's own (the menu must not cover that pane's rows).
 */
function roomEdge(row: HTMLElement): number {
  const rowBox = row.getBoundingClientRect();
  const own = row.closest('[data-pane-id]');
  let edge = document.documentElement.clientWidth;
  for (const pane of document.querySelectorAll('[data-pane-id]')) {
    if (pane === own) continue;
    const box = pane.getBoundingClientRect();
    if (box.left >= rowBox.right && box.top < rowBox.bottom && box.bottom > rowBox.top) {
      edge = Math.min(edge, box.left);
    }
  }
  return edge;
}

/**
 * 6 px right of the row; when there is no room there (a phone, a pane beside it, the screen's
 * edge), over the row's right end instead, so the menu stays in the row's own pane.
 */
function menuOffset(row: HTMLElement | null): number {
  if (!row) return MENU_OFFSET_PX;
  const width = window.matchMedia(PHONE_QUERY).matches ? PHONE_MENU_WIDTH_PX : MENU_WIDTH_PX;
  const room = roomEdge(row) - row.getBoundingClientRect().right;
  return room >= MENU_OFFSET_PX + width + 4 ? MENU_OFFSET_PX : -(width + 4);
}

interface ItemHoverMenuProps {
  item: Item;
  /** Class of the row element this renders (with `data-item-id`). */
  className?: string;
  /** What the row shows; the menu shows 6 px to its right while the row is hovered or focused. */
  children: ReactNode;
  /** Turns the menu off (while the row is being edited). */
  disabled?: boolean;
}

/**
 * The item hover menu (SPEC §2): more options, prioritise toggle, target date, share and
 * archive, 170 by 32 px beside the row. 'More options' and friends open the app's one Item
 * settings modal (`openItemSettings`).
 */
export function ItemHoverMenu({ item, className, children, disabled = false }: ItemHoverMenuProps) {
  const { t } = useTranslation();
  const [hovered, setHovered] = useState(false);
  const [offset, setOffset] = useState(MENU_OFFSET_PX);
  const [guarded, setGuarded] = useState(false);
  const guardTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const anchorRef = useRef<HTMLDivElement>(null);
  // Only the open menu watches drags (MenuButtons): a drag's start and end then re-render no row.
  const opened = hovered && !disabled;

  useEffect(
    () => () => {
      clearTimeout(closeTimer.current);
      clearTimeout(guardTimer.current);
    },
    [],
  );

  const show = (byPointer = false) => {
    clearTimeout(closeTimer.current);
    const at = menuOffset(anchorRef.current);
    setOffset(at);
    if (byPointer && at < 0 && !opened) {
      clearTimeout(guardTimer.current);
      setGuarded(true);
      guardTimer.current = setTimeout(() => setGuarded(false), ARRIVAL_GUARD_MS);
    }
    setHovered(true);
  };
  const hide = () => {
    clearTimeout(closeTimer.current);
    setHovered(false);
  };
  const hideSoon = () => {
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setHovered(false), CLOSE_DELAY_MS);
  };

  // React events bubble out of portals (the settings modal): only the row's own DOM counts.
  const inRow = (target: EventTarget | null) =>
    target instanceof Node && (anchorRef.current?.contains(target) ?? false);

  const handleMouseEnter = (event: MouseEvent) => {
    if (inRow(event.target) && !isCompact()) show(true);
  };
  // On a compact screen a tap also focuses: only keyboard focus opens the menu there.
  const handleFocus = (event: FocusEvent) => {
    if (inRow(event.target) && (!isCompact() || event.target.matches(':focus-visible'))) show();
  };
  const handleBlur = (event: FocusEvent) => {
    if (inRow(event.target) && !inRow(event.relatedTarget)) hideSoon();
  };
  // Opening a box moves the eye to its pane: the menu of the row it was opened from closes.
  const handleClick = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest('[data-opens-box]')) hide();
  };

  return (
    <Popover
      opened={opened}
      onDismiss={hide}
      position="right"
      offset={offset}
      // Inside the row (so Tab goes from the row to the menu), yet fixed so the pane's edge never clips it.
      withinPortal={false}
      floatingStrategy="fixed"
      transitionProps={{ duration: 0 }}
      zIndex={150}
      // The row is no popup button: the toolbar names itself, the row gets no aria-haspopup.
      withRoles={false}
    >
      <Popover.Target>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only show the menu; every action is a button. */}
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: the click only closes the menu after a box button (keyboard-reachable) opened its box. */}
        <div
          ref={anchorRef}
          className={className}
          data-item-id={item._id}
          onMouseEnter={handleMouseEnter}
          onMouseLeave={hideSoon}
          onFocus={handleFocus}
          onBlur={handleBlur}
          onClick={handleClick}
        >
          {children}
          {!disabled && (
            <ActionIcon
              className={classes.trigger}
              variant="subtle"
              color="gray"
              size="md"
              aria-label={t('itemMenu.label')}
              aria-expanded={opened}
              onClick={() => (opened ? hide() : show())}
            >
              <IconDotsVertical size={18} stroke={1.7} />
            </ActionIcon>
          )}
          <Popover.Dropdown
            p={0}
            bd={0}
            bg="transparent"
            role="toolbar"
            aria-label={t('itemMenu.label')}
            style={guarded ? { pointerEvents: 'none' } : undefined}
            data-item-hover-menu={item._id}
          >
            <MenuButtons item={item} hide={hide} />
          </Popover.Dropdown>
        </div>
      </Popover.Target>
    </Popover>
  );
}
