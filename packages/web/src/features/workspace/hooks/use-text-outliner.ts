import type { Item } from '@nestbox/shared/items/item.schema';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotifyFailure } from '../../../hooks/use-notify-failure';
import { useUser } from '../../../lib/api/get-user';
import { type ItemsForPane, itemsForPaneKey } from '../../../lib/api/items/get-items-for-pane';
import { useUpdateItem } from '../../../lib/api/items/update-item';
import { newItemId } from '../../../lib/item-changes';
import { notify } from '../../../lib/notify';
import { describeWhen } from '../../../lib/quick-capture/describe-capture';
import { loadCaptureParser } from '../../../lib/quick-capture/load-parser';
import type { LiteralMark } from '../../../lib/quick-capture/parse-capture';
import { loadRecurrenceWords } from '../../../lib/recurrence-words';
import { useCreateDatedText } from '../api/create-dated-text';
import { useCreateItem } from '../api/create-item';
import { useSaveTextItem } from '../api/save-text-item';

/** How an edit ended: Enter also opens a new line below (outliner style). */
export type TextCommit = 'enter' | 'blur';

/** A line typed and ended with Enter, waiting for its turn to be created on the server. */
export interface QueuedLine {
  key: number;
  text: string;
}

/**
 * Outliner-style editing of the texts in one box's pane. A click edits a text in place;
 * Enter saves it and opens a new line right below; Escape cancels; leaving the field saves.
 *
 * A new line is local until it is ended, then created with its text and an id chosen here, so
 * it shows in the pane at once and the next line can go right after it before the server
 * answers (or, offline, until the network is back: see lib/item-changes). An empty line is
 * never stored (Enter on an empty line ends the list). Saves and creations start one after the
 * other, and the item-change queue sends them in that order.
 *
 * A new line is read as quick capture reads dates (in the person's language and zone): a date
 * found there becomes the text's target date and leaves the text, and the notice that says
 * so offers, for a few seconds, to keep the line as it was typed.
 */
export function useTextOutliner(boxId: string) {
  /** The text being edited in place. */
  const [editingItemId, setEditingItemId] = useState<string | null>(null);
  /** The open new line (its key remounts the editor for each line). */
  const [draftKey, setDraftKey] = useState<number | null>(null);
  /** Lines ended but not yet created, in order. */
  const [queued, setQueued] = useState<QueuedLine[]>([]);
  /** The item new lines go after; undefined: the end of the box. */
  const [anchorId, setAnchorId] = useState<string | undefined>(undefined);
  const anchor = useRef<string | undefined>(undefined);
  const work = useRef<Promise<void>>(Promise.resolve());
  const nextKey = useRef(0);

  const createItem = useCreateItem();
  const createDatedText = useCreateDatedText();
  const saveText = useSaveTextItem(boxId);
  const queryClient = useQueryClient();
  const updateItem = useUpdateItem();
  const notifyFailure = useNotifyFailure();
  const { t } = useTranslation();
  const { locale, timezone } = useUser();

  const moveAnchor = (itemId: string | undefined) => {
    anchor.current = itemId;
    setAnchorId(itemId);
  };

  /** Starts a change after every change started before it, whatever became of that. */
  const enqueue = (task: () => Promise<void>) => {
    work.current = work.current.then(task, task);
  };

  const openDraft = () => {
    nextKey.current += 1;
    setDraftKey(nextKey.current);
  };

  const save = (itemId: string, title: string) => {
    const startedFrom = queryClient
      .getQueryData<ItemsForPane>(itemsForPaneKey(boxId))
      ?.items.find((item) => item._id === itemId)?.title;
    enqueue(async () => {
      saveText
        .mutateAsync({ itemId, title, ...(startedFrom === undefined ? {} : { startedFrom }) })
        .catch((error) => notifyFailure(error, 'boxes.textSaveFailed'));
    });
  };

  /** Undoes the reading of a line: the text as typed, and no target date. */
  const keepAsTyped = (itemId: string, text: string) =>
    enqueue(async () => {
      Promise.all([
        saveText.mutateAsync({ itemId, title: text }),
        updateItem.mutateAsync({ itemId, priorityTargetDate: null }),
      ]).catch((error) => notifyFailure(error, 'boxes.keepAsTypedFailed'));
    });

  /** The line as created: dated when it holds a date and more than a date. */
  const read = async (text: string, literals: readonly LiteralMark[]) => {
    const parser = await loadCaptureParser().catch(() => null);
    const parsed = parser?.parseCapture({
      text,
      locale,
      timeZone: timezone,
      now: Date.now(),
      literals,
      marks: false,
    });
    const date = parsed?.tokens.find((token) => token.kind === 'date' || token.kind === 'recurrence');
    if (!parsed || parsed.title === '' || parsed.targetDate === null) return null;
    if (date?.kind === 'recurrence')
      return {
        title: parsed.title,
        date: { at: parsed.targetDate, hasTime: date.hasTime },
        recurrence: date,
      };
    return date?.kind === 'date' ? { title: parsed.title, date } : null;
  };

  const create = (text: string, literals: readonly LiteralMark[]) => {
    nextKey.current += 1;
    const line: QueuedLine = { key: nextKey.current, text };
    setQueued((lines) => [...lines, line]);
    const itemId = newItemId();
    const after = anchor.current;
    // The next line goes after this one, whether or not the server has it yet.
    moveAnchor(itemId);
    enqueue(async () => {
      const dated = await read(text, literals);
      // Its row shows as the creation starts (its provisional row), in place of the queued line.
      const created = dated
        ? createDatedText.mutateAsync({
            itemId,
            title: dated.title,
            boxId,
            afterItemId: after,
            targetDate: dated.date.at,
            targetHasTime: dated.date.hasTime,
            ...(dated.recurrence
              ? {
                  recurrence: {
                    rule: dated.recurrence.rule,
                    fromCompletion: dated.recurrence.fromCompletion,
                  },
                }
              : {}),
          })
        : createItem.mutateAsync({
            itemId,
            parentItemId: boxId,
            itemType: 'todoText',
            title: text,
            ...(after ? { beforeAfterReplace: 'after' as const, relativeToItemId: after } : {}),
          });
      setQueued((lines) => lines.filter(({ key }) => key !== line.key));
      created.catch((error) => notifyFailure(error, 'boxes.addFailed'));
      const describeRule = dated?.recurrence ? await loadRecurrenceWords().catch(() => undefined) : undefined;
      if (dated)
        notify({
          type: 'success',
          message: t(dated.recurrence ? 'boxes.repeats' : 'boxes.dated', {
            date: describeWhen(t, dated.date.at, dated.date.hasTime, {
              timeZone: timezone,
              locale,
              now: Date.now(),
            }),
            rule: dated.recurrence ? (describeRule?.(dated.recurrence.rule, locale) ?? text) : '',
          }),
          timeout: 8_000,
          action: { label: t('boxes.keepAsTyped'), onClick: () => keepAsTyped(itemId, text) },
        });
    });
  };

  /** The chooser's 'Text': a new line at the end of the box. */
  const addText = () => {
    setEditingItemId(null);
    moveAnchor(undefined);
    openDraft();
  };

  const startEditing = (item: Item) => {
    setDraftKey(null);
    setEditingItemId(item._id);
  };

  /** An edit of a text ended by Enter or by leaving the field. */
  const commit = (item: Item, text: string, how: TextCommit) => {
    setEditingItemId((current) => (current === item._id ? null : current));
    if (text !== item.title) save(item._id, text);
    if (how === 'enter') {
      // Only once the queue is empty may the anchor move; lines still queued stay where they are.
      if (queued.length === 0) moveAnchor(item._id);
      openDraft();
    }
  };

  const cancel = () => setEditingItemId(null);

  /** The new line ended: with Enter another opens below, unless it was empty. */
  const commitDraft = (text: string, how: TextCommit, literals: readonly LiteralMark[] = []) => {
    const written = text.trim() !== '';
    if (written) create(text, literals);
    if (how === 'enter' && written) openDraft();
    else setDraftKey(null);
  };

  const cancelDraft = () => setDraftKey(null);

  return {
    editingItemId,
    draftKey,
    queued,
    anchorId,
    addText,
    startEditing,
    commit,
    cancel,
    commitDraft,
    cancelDraft,
  };
}
