import type { Item } from '@nestbox/shared/items/item.schema';
import { useRef, useState } from 'react';
import { useNotifyFailure } from '../../../hooks/use-notify-failure';
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
 * A new line is local until it is ended, then created with its text: nothing is lost while
 * the server answers, and an empty line is never stored (Enter on an empty line ends the
 * list). Saves and creations run one after the other, so each new text lands after the one
 * before it and no refetch overwrites a line the pane has just shown.
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
  const saveText = useSaveTextItem(boxId);
  const notifyFailure = useNotifyFailure();

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

  const create = (text: string) => {
    nextKey.current += 1;
    const line: QueuedLine = { key: nextKey.current, text };
    setQueued((lines) => [...lines, line]);
    enqueue(async () => {
      const after = anchor.current;
      try {
        const item = await createItem.mutateAsync({
          parentItemId: boxId,
          itemType: 'todoText',
          title: text,
          ...(after ? { beforeAfterReplace: 'after' as const, relativeToItemId: after } : {}),
        });
        moveAnchor(item._id);
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
  const commitDraft = (text: string, how: TextCommit) => {
    const written = text.trim() !== '';
    if (written) create(text);
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
