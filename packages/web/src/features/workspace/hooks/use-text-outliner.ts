import type { Item } from '@nestbox/shared/items/item.schema';
import { describeRecurrence } from '@nestbox/shared/recurrence/describe-recurrence';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotifyFailure } from '../../../hooks/use-notify-failure';
import { useUser } from '../../../lib/api/get-user';
import { notify } from '../../../lib/notify';
import { describeWhen } from '../../../lib/quick-capture/describe-capture';
import { loadCaptureParser } from '../../../lib/quick-capture/load-parser';
import type { LiteralMark } from '../../../lib/quick-capture/parse-capture';
import { useCreateDatedText } from '../api/create-dated-text';
import { useCreateItem } from '../api/create-item';
import { useSaveTextItem } from '../api/save-text-item';
import { useUpdateItem } from '../api/update-item';

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
 * A new line is local until it is ended, then created with its text: nothing is lost while
 * the server answers, and an empty line is never stored (Enter on an empty line ends the
 * list). Saves and creations run one after the other, so each new text lands after the one
 * before it and no refetch overwrites a line the pane has just shown.
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
  const updateItem = useUpdateItem();
  const notifyFailure = useNotifyFailure();
  const { t } = useTranslation();
  const { locale, timezone } = useUser();

  const moveAnchor = (itemId: string | undefined) => {
    anchor.current = itemId;
    setAnchorId(itemId);
  };

  /** Runs server work after everything queued before it, whatever became of that. */
  const enqueue = (task: () => Promise<void>) => {
    work.current = work.current.then(task, task);
  };

  const openDraft = () => {
    nextKey.current += 1;
    setDraftKey(nextKey.current);
  };

  const save = (itemId: string, title: string) =>
    enqueue(async () => {
      try {
        await saveText.mutateAsync({ itemId, title });
      } catch (error) {
        notifyFailure(error, 'boxes.textSaveFailed');
      }
    });

  /** Undoes the reading of a line: the text as typed, and no target date. */
  const keepAsTyped = (itemId: string, text: string) =>
    enqueue(async () => {
      try {
        await saveText.mutateAsync({ itemId, title: text });
        await updateItem.mutateAsync({ itemId, priorityTargetDate: null });
      } catch (error) {
        notifyFailure(error, 'boxes.keepAsTypedFailed');
      }
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
    enqueue(async () => {
      const after = anchor.current;
      try {
        const dated = await read(text, literals);
        const item = dated
          ? await createDatedText.mutateAsync({
              title: dated.title,
              boxId,
              afterItemId: after,
              targetDate: dated.date.at,
              ...(dated.recurrence
                ? {
                    recurrence: {
                      rule: dated.recurrence.rule,
                      fromCompletion: dated.recurrence.fromCompletion,
                    },
                  }
                : {}),
            })
          : await createItem.mutateAsync({
              parentItemId: boxId,
              itemType: 'todoText',
              title: text,
              ...(after ? { beforeAfterReplace: 'after' as const, relativeToItemId: after } : {}),
            });
        moveAnchor(item._id);
        if (dated)
          notify({
            type: 'success',
            message: t(dated.recurrence ? 'boxes.repeats' : 'boxes.dated', {
              date: describeWhen(t, dated.date.at, dated.date.hasTime, {
                timeZone: timezone,
                locale,
                now: Date.now(),
              }),
              rule: dated.recurrence ? (describeRecurrence(dated.recurrence.rule, locale) ?? '') : '',
            }),
            timeout: 8_000,
            action: { label: t('boxes.keepAsTyped'), onClick: () => keepAsTyped(item._id, text) },
          });
      } catch (error) {
        notifyFailure(error, 'boxes.addFailed');
      } finally {
        setQueued((lines) => lines.filter(({ key }) => key !== line.key));
      }
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
