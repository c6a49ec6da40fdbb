import {
  ActionIcon,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Switch,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_TERM_MAX_LENGTH } from '@nestbox/shared/constants';
import type { SearchResult } from '@nestbox/shared/items/item.schema';
import { PANE_SCOPES } from '@nestbox/shared/items/item-values';
import { parseSearchQuery } from '@nestbox/shared/search/search-query';
import type { PaneSearch } from '@nestbox/shared/workspace/workspace.schema';
import { IconSearch, IconX } from '@tabler/icons-react';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NotAvailableOffline, waitsForNetwork } from '../../../components/feedback/not-available-offline';
import paneClasses from '../../../components/layout/pane.module.css';
import { PaneLoadFailed, PaneLoading } from '../../../components/layout/pane-states';
import resultClasses from '../../../components/layout/result-list.module.css';
import { useNotifyFailure } from '../../../hooks/use-notify-failure';
import { useClosePane } from '../../../lib/api/panes/close-pane';
import { useCreatePane } from '../../../lib/api/panes/create-pane';
import { revealItem } from '../../../lib/reveal-item';
import { isRunnable, useSearchResults, useUpdateSearchPane } from '../api/search-pane';
import classes from './search-pane.module.css';
import { Empty, ResultRow, WithinBox } from './search-result-parts';

/** Typing settles this long before the search runs and is kept with the pane. */
const TYPING_PAUSE_MS = 300;

interface SearchPaneProps {
  paneId: string;
  /** Position of this pane in the workspace: a box opened from it goes right after it. */
  paneIndex: number;
  /** The search as the pane keeps it on the server. */
  savedSearch: PaneSearch;
  /** The Tags scope's list (the tags feature): the tags matching `filter`; one opens with `onOpen`. */
  renderTags: (tags: { filter: string; onOpen: (name: string) => void }) => ReactNode;
}

function sameSearch(a: PaneSearch, b: PaneSearch): boolean {
  return (
    a.term === b.term &&
    a.scope === b.scope &&
    a.includeArchived === b.includeArchived &&
    a.includeCompleted === b.includeCompleted &&
    a.withinBoxId === b.withinBoxId
  );
}

/**
 * A search pane (SPEC §1, §2): a term, a scope (Favourites: starred items; Workspace: inside
 * the user's own Workspace box; Search: everything they can see) and the Completed and
 * Archived toggles; opened from a box, it looks only inside that box until the limit is
 * removed. The search is kept with the pane, so it survives a reload; the results
 * are searched afresh each time. A box result opens in a pane to the right; a text result
 * opens the box it sits in.
 */
export function SearchPane({ paneId, paneIndex, savedSearch, renderTags }: SearchPaneProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const [search, setSearch] = useState(savedSearch);
  const [settled] = useDebouncedValue(search, TYPING_PAUSE_MS);
  const results = useSearchResults(settled);
  // What the results matched, marked in each: the words of the search they answer.
  const { words } = useMemo(() => parseSearchQuery(settled.term), [settled.term]);
  const updateSearchPane = useUpdateSearchPane();
  const closePane = useClosePane();
  const createPane = useCreatePane();
  const notifyFailure = useNotifyFailure();

  // Keep the settled search with the pane; the last one sent is remembered to send each once.
  const lastSaved = useRef(savedSearch);
  const { mutate: save } = updateSearchPane;
  useEffect(() => {
    if (sameSearch(settled, lastSaved.current)) return;
    lastSaved.current = settled;
    save({ paneId, search: settled }, { onError: (error) => notifyFailure(error, 'error.generic') });
  }, [settled, paneId, save, notifyFailure]);

  const change = (patch: Partial<PaneSearch>) => setSearch((before) => ({ ...before, ...patch }));

  const handleOpen = (result: SearchResult) => {
    const itemId = result.itemType === 'todoBox' ? result._id : result.parentItemId;
    if (!itemId) return;
    createPane.mutate(
      { pos: paneIndex + 1, itemId },
      {
        // A text shows in its box's pane: brought into view there, and marked for a moment.
        onSuccess: () => {
          if (result.itemType === 'todoText') revealItem(result._id);
        },
        onError: (error) => notifyFailure(error, 'boxes.addFailed'),
      },
    );
  };

  // The pane leaves at once (and unmounts), so the failure is caught on the promise, which
  // settles even then, rather than in mutate's per-call callbacks, which would not run.
  const handleClose = () =>
    closePane
      .mutateAsync(paneId)
      .catch((error: unknown) => notifyFailure(error, 'boxes.searchPaneCloseFailed'));

  const tagsScope = search.scope === 'tags';
  let body: ReactNode;
  if (tagsScope) {
    body = renderTags({
      filter: search.term,
      onOpen: (name) => change({ term: `#${name}`, scope: 'search' }),
    });
  } else if (!isRunnable(settled)) {
    body = <Empty>{t('searchPane.prompt')}</Empty>;
  } else if (waitsForNetwork(results)) {
    body = <NotAvailableOffline onRetry={() => void results.refetch()} />;
  } else if (results.isPending) {
    body = <PaneLoading label={t('searchPane.searching')} />;
  } else if (!results.data) {
    body = <PaneLoadFailed message={t('searchPane.loadFailed')} onRetry={() => void results.refetch()} />;
  } else if (results.data.length === 0) {
    body = (
      <Empty>
        {settled.scope === 'favourites' && settled.term.trim() === ''
          ? t('searchPane.noFavourites')
          : t('searchPane.noResults')}
      </Empty>
    );
  } else {
    body = (
      <ul
        className={resultClasses.results}
        aria-label={t('searchPane.results')}
        aria-busy={results.isPlaceholderData || undefined}
        data-stale={results.isPlaceholderData || undefined}
      >
        {results.data.map((result) => (
          <li key={result._id}>
            <ResultRow result={result} highlight={words} onOpen={() => handleOpen(result)} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    // A group, not a landmark: two panes may show the same box, and landmarks need unique names.
    <Paper
      component="section"
      role="group"
      aria-labelledby={headingId}
      className={paneClasses.pane}
      withBorder
      radius="md"
      shadow="xs"
      data-pane-id={paneId}
      data-pane-type="search"
    >
      <header className={paneClasses.header}>
        <IconSearch size={18} stroke={1.8} className={classes.headingIcon} aria-hidden />
        <Title order={2} fz="md" className={paneClasses.heading} id={headingId}>
          {t('searchPane.title')}
        </Title>
        <Tooltip label={t('searchPane.close')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t('searchPane.close')}
            onClick={handleClose}
          >
            <IconX size={19} stroke={1.7} />
          </ActionIcon>
        </Tooltip>
      </header>
      <div className={classes.controls}>
        <TextInput
          label={tagsScope ? t('tags.filter') : t('searchPane.term')}
          placeholder={tagsScope ? t('tags.filter.placeholder') : t('searchPane.placeholder')}
          leftSection={<IconSearch size={16} stroke={1.7} />}
          value={search.term}
          onChange={(event) => change({ term: event.currentTarget.value })}
          maxLength={SEARCH_TERM_MAX_LENGTH}
          data-autofocus
          autoFocus={savedSearch.term === ''}
          rightSection={results.isFetching ? <Loader size={14} /> : null}
        />
        {search.withinBoxId !== null && (
          <WithinBox boxId={search.withinBoxId} onClear={() => change({ withinBoxId: null })} />
        )}
        <div>
          <Text component="span" fz="sm" fw={500} id={`${headingId}-scope`}>
            {t('searchPane.scope')}
          </Text>
          <SegmentedControl
            aria-labelledby={`${headingId}-scope`}
            fullWidth
            classNames={{ control: classes.scopeControl, label: classes.scopeLabel }}
            size="xs"
            mt={4}
            value={search.scope}
            onChange={(scope) => {
              const known = PANE_SCOPES.find((one) => one === scope);
              // The Tags scope starts unfiltered: a search's term is no tag's name.
              if (known === 'tags') change({ scope: known, term: '' });
              else if (known) change({ scope: known });
            }}
            data={PANE_SCOPES.map((scope) => ({ value: scope, label: t(`searchPane.scope.${scope}`) }))}
          />
        </div>
        {!tagsScope && (
          <Group gap="lg">
            <Switch
              size="sm"
              label={t('searchPane.completed')}
              checked={search.includeCompleted}
              onChange={(event) => change({ includeCompleted: event.currentTarget.checked })}
            />
            <Switch
              size="sm"
              label={t('searchPane.archived')}
              checked={search.includeArchived}
              onChange={(event) => change({ includeArchived: event.currentTarget.checked })}
            />
          </Group>
        )}
      </div>
      <div className={paneClasses.body}>{body}</div>
    </Paper>
  );
}
