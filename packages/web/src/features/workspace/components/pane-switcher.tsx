import { Button, Text } from '@mantine/core';
import type { Item } from '@nestbox/shared/items/item.schema';
import type { Pane } from '@nestbox/shared/workspace/workspace.schema';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { displayTitleIn } from '../../../lib/display-title';
import { useItemsForPane } from '../api/get-items-for-pane';
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
  const previous = panes[current - 1];
  const next = panes[current + 1];
  const previousTitle = usePaneTitle(previous, paneObjects);
  const nextTitle = usePaneTitle(next, paneObjects);
  return (
    <nav className={classes.switcher} aria-label={t('workspace.switcher')}>
      {previous ? (
        <Button
          className={classes.button}
          data-side="previous"
          variant="subtle"
          color="gray"
          aria-label={t('workspace.previousPane', { title: previousTitle })}
          leftSection={<IconChevronLeft size={18} stroke={2} aria-hidden />}
          onClick={() => onGo(current - 1)}
        >
          <span className={classes.title}>{previousTitle}</span>
        </Button>
      ) : (
        <span />
      )}
      <Text component="p" className={classes.position} aria-live="polite" data-pane-position>
        {t('workspace.panePosition', { current: current + 1, total: panes.length })}
      </Text>
      {next ? (
        <Button
          className={classes.button}
          data-side="next"
          variant="subtle"
          color="gray"
          aria-label={t('workspace.nextPane', { title: nextTitle })}
          rightSection={<IconChevronRight size={18} stroke={2} aria-hidden />}
          onClick={() => onGo(current + 1)}
        >
          <span className={classes.title}>{nextTitle}</span>
        </Button>
      ) : (
        <span />
      )}
    </nav>
  );
}
