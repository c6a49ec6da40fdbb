import { Button, Text } from '@mantine/core';
import type { Item } from '@nestbox/shared/items/item.schema';
import type { Pane } from '@nestbox/shared/workspace/workspace.schema';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useItemsForPane } from '../../../lib/api/items/get-items-for-pane';
import { displayTitleIn } from '../../../lib/display-title';
import classes from './pane-switcher.module.css';

/** A pane's name as its heading shows it: the box's title (as last loaded), or 'Search'. */
function usePaneTitle(pane: Pane | undefined, paneObjects: Record<string, Item>): string {
  const { t } = useTranslation();
  const itemId = pane?.type === 'box' ? (pane.itemId ?? '') : '';
  // Reads what the pane itself loaded; never asks the server on its own.
  const contents = useItemsForPane(itemId, { enabled: false });
  if (!pane) return '';
  if (pane.type === 'search') return t('searchPane.title');
  const box = contents.data?.item ?? paneObjects[itemId];
  return box ? displayTitleIn(t, box) : t('pane.noTitle');
}

/** The button to the pane on one side, named by that pane's title; an empty cell without one. */
function StepButton({
  side,
  pane,
  paneObjects,
  onClick,
}: {
  side: 'previous' | 'next';
  pane: Pane | undefined;
  paneObjects: Record<string, Item>;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  const title = usePaneTitle(pane, paneObjects);
  if (!pane) return <span />;
  const Icon = side === 'previous' ? IconChevronLeft : IconChevronRight;
  return (
    <Button
      className={classes.button}
      data-side={side}
      variant="subtle"
      color="gray"
      aria-label={t(side === 'previous' ? 'workspace.previousPane' : 'workspace.nextPane', { title })}
      {...(side === 'previous'
        ? { leftSection: <Icon size={18} stroke={2} aria-hidden /> }
        : { rightSection: <Icon size={18} stroke={2} aria-hidden /> })}
      onClick={onClick}
    >
      <span className={classes.title}>{title}</span>
    </Button>
  );
}

interface PaneSwitcherProps {
  panes: readonly Pane[];
  paneObjects: Record<string, Item>;
  /** The index of the pane in sight. */
  current: number;
  onGo: (index: number) => void;
}

/**
 * Phones: one pane is in sight at a time. Above it, the previous and next panes by name, and
 * where this one stands ('2 of 3'); a swipe on the panes does the same (usePaneSwipe).
 */
export function PaneSwitcher({ panes, paneObjects, current, onGo }: PaneSwitcherProps) {
  const { t } = useTranslation();
  return (
    <nav className={classes.switcher} aria-label={t('workspace.switcher')}>
      <StepButton
        side="previous"
        pane={panes[current - 1]}
        paneObjects={paneObjects}
        onClick={() => onGo(current - 1)}
      />
      <Text component="p" className={classes.position} aria-live="polite" data-pane-position>
        {t('workspace.panePosition', { current: current + 1, total: panes.length })}
      </Text>
      <StepButton
        side="next"
        pane={panes[current + 1]}
        paneObjects={paneObjects}
        onClick={() => onGo(current + 1)}
      />
    </nav>
  );
}
