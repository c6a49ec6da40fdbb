import { Checkbox, UnstyledButton } from '@mantine/core';
import type { Item } from '@nestbox/shared/items/item.schema';
import { IconBox } from '@tabler/icons-react';
import { type ReactNode, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadBoundary, retryableLazy } from '../../../components/errors/load-boundary';
import { CommentMark } from '../../../components/items/comment-mark';
import { NoteMark } from '../../../components/items/note-mark';
import { RowMarks } from '../../../components/items/row-marks';
import { RichText } from '../../../components/rich-text/rich-text';
import { useAbilities } from '../../../hooks/use-abilities';
import { useUser } from '../../../lib/api/get-user';
import { displayTitleIn } from '../../../lib/display-title';
import { hasInteractive, parseRichText, useRichTextLoaded } from '../../../lib/rich-text/parse-rich-text';
import type { TextCommit } from '../hooks/use-text-outliner';
import { BoxTitleEditor } from './box-title';
import { DraftEditor, type DraftEditorProps } from './draft-editor';
import { ItemHoverMenu } from './item-hover-menu';
import classes from './item-row.module.css';
import { LineEditor } from './line-editor';
import { SwipeableRow } from './swipeable-row';

interface TextEditorProps {
  initialTitle: string;
  onCommit: (title: string, how: TextCommit) => void;
  onCancel: () => void;
}

/** The phone's schedule sheet and its date picker: loaded with the first swipe to schedule. */
const ScheduleSheet = retryableLazy(async () => ({
  default: (await import('./schedule-sheet')).ScheduleSheet,
}));

/** The in-place editor of a text. */
function TextEditor({ initialTitle, onCommit, onCancel }: TextEditorProps) {
  const [draft, setDraft] = useState(initialTitle);
  return (
    <LineEditor
      value={draft}
      onChange={setDraft}
      onCommit={(how) => onCommit(draft, how)}
      onCancel={onCancel}
    />
  );
}

interface TextItemRowProps {
  item: Item;
  editing: boolean;
  onStartEdit: () => void;
  onCommit: (title: string, how: TextCommit) => void;
  onCancel: () => void;
  onToggleCompleted: (completed: boolean) => void;
}

/**
 * A text: a checkbox and its text (click to edit in place), with the item hover menu. A finger
 * swipes it right to complete it (as its checkbox does) or left to schedule it, unless it is
 * read only or being edited.
 */
export function TextItemRow({
  item,
  editing,
  onStartEdit,
  onCommit,
  onCancel,
  onToggleCompleted,
}: TextItemRowProps) {
  const { t } = useTranslation();
  const readonly = !useAbilities(item).edit;
  // The schedule sheet mounts on its first swipe and stays, so it closes as it opened.
  const [scheduling, setScheduling] = useState<boolean | null>(null);
  const { timezone, locale } = useUser();
  const parserLoaded = useRichTextLoaded();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the tree changes once the parser is there.
  const interactive = useMemo(() => hasInteractive(parseRichText(item.title)), [item.title, parserLoaded]);
  const text = item.title ? (
    <RichText text={item.title} />
  ) : (
    <span className={classes.placeholder}>{t('item.text.label')}</span>
  );

  return (
    <SwipeableRow
      enabled={!readonly && !editing}
      canComplete={!item.completed}
      onSwipe={(action) => (action === 'complete' ? onToggleCompleted(true) : setScheduling(true))}
    >
      <ItemHoverMenu item={item} className={classes.row} disabled={editing}>
        <RowCheckbox completed={item.completed} disabled={readonly} onToggle={onToggleCompleted} />
        <div className={classes.content}>
          {editing && !readonly ? (
            <TextEditor initialTitle={item.title} onCommit={onCommit} onCancel={onCancel} />
          ) : readonly ? (
            <span className={classes.text} data-completed={item.completed || undefined}>
              {text}
            </span>
          ) : interactive ? (
            // Links and tag chips cannot sit inside a button: the text is a plain block whose
            // click edits it (a click on a link or chip stays theirs), and Enter on the selected
            // row edits it from the keyboard.
            // biome-ignore lint/a11y/noStaticElementInteractions: the row's Enter is the keyboard's way in.
            // biome-ignore lint/a11y/useKeyWithClickEvents: the row's Enter is the keyboard's way in.
            <div className={classes.text} data-completed={item.completed || undefined} onClick={onStartEdit}>
              {text}
            </div>
          ) : (
            <UnstyledButton
              className={classes.text}
              data-completed={item.completed || undefined}
              onClick={onStartEdit}
            >
              {text}
            </UnstyledButton>
          )}
        </div>
        <RowMarks item={item} timeZone={timezone} locale={locale} />
        <CommentMark itemId={item._id} count={item.commentCount} />
      </ItemHoverMenu>
      {scheduling !== null && (
        <LoadBoundary retry={ScheduleSheet.retry} fallback={null}>
          <Suspense fallback={null}>
            <ScheduleSheet item={item} opened={scheduling} onClose={() => setScheduling(false)} />
          </Suspense>
        </LoadBoundary>
      )}
    </SwipeableRow>
  );
}

type DraftTextRowProps = DraftEditorProps;

/** A text not on the server yet: an unticked, disabled checkbox beside its content. */
function PendingTextRow({
  children,
  ...marks
}: {
  children: ReactNode;
  'data-draft'?: true;
  'data-queued'?: true;
}) {
  const { t } = useTranslation();
  return (
    <div className={classes.row} {...marks} aria-busy={marks['data-queued']}>
      <Checkbox
        className={classes.checkbox}
        size="sm"
        radius="xl"
        checked={false}
        disabled
        aria-label={t('item.complete')}
      />
      <div className={classes.content}>{children}</div>
    </div>
  );
}

/** A new line being typed; it becomes a text when it ends (Enter or leaving it). */
export function DraftTextRow({ onCommit, onCancel }: DraftTextRowProps) {
  return (
    <PendingTextRow data-draft>
      <DraftEditor onCommit={onCommit} onCancel={onCancel} />
    </PendingTextRow>
  );
}

/** A line already typed, shown while the server creates it. */
export function QueuedTextRow({ text }: { text: string }) {
  return (
    <PendingTextRow data-queued>
      <span className={classes.text}>{text}</span>
    </PendingTextRow>
  );
}

/**
 * A row whose item is still on its way (a large box loads in pages): the shape of a row, at a
 * row's height, quiet and still, until the item takes its place.
 */
export function PendingItemRow() {
  return (
    <div className={classes.row} data-pending-row aria-hidden>
      <span className={classes.pendingCheckbox} />
      <span className={classes.pendingText} />
    </div>
  );
}

interface BoxItemRowProps {
  item: Item;
  /** Its title is being renamed in place (Enter on the selected row). */
  editing: boolean;
  onOpen: () => void;
  onRenameDone: () => void;
  onToggleCompleted: (completed: boolean) => void;
}

/** A row's round checkbox: done or not, named by what a click would do. */
function RowCheckbox({
  completed,
  disabled,
  onToggle,
}: {
  completed: boolean;
  disabled: boolean;
  onToggle: (completed: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Checkbox
      className={classes.checkbox}
      size="sm"
      radius="xl"
      checked={completed}
      disabled={disabled}
      aria-label={completed ? t('item.uncomplete') : t('item.complete')}
      onChange={(event) => onToggle(event.currentTarget.checked)}
    />
  );
}

/**
 * A box inside a box: its checkbox, icon and title (clicking opens it), with the item hover
 * menu; while renamed, its title is a field (as the pane's heading is).
 */
export function BoxItemRow({ item, editing, onOpen, onRenameDone, onToggleCompleted }: BoxItemRowProps) {
  const { t } = useTranslation();
  const title = displayTitleIn(t, item);
  const samePane = useUser().workspace.settings.openBoxesIn === 'samePane';
  const { edit } = useAbilities(item);
  return (
    <ItemHoverMenu item={item} className={classes.row} disabled={editing}>
      <RowCheckbox completed={item.completed} disabled={!edit} onToggle={onToggleCompleted} />
      <div className={classes.content}>
        {editing && edit ? (
          <BoxTitleEditor box={item} onDone={onRenameDone} size="sm" />
        ) : (
          <UnstyledButton
            className={classes.box}
            data-completed={item.completed || undefined}
            data-opens-box
            onClick={onOpen}
            title={samePane ? t('item.openHere', { title }) : t('item.open', { title })}
          >
            <IconBox className={classes.boxIcon} size={18} stroke={1.7} aria-hidden />
            <span className={classes.boxTitle}>{title}</span>
          </UnstyledButton>
        )}
      </div>
      <NoteMark note={item.note} />
      <CommentMark itemId={item._id} count={item.commentCount} />
    </ItemHoverMenu>
  );
}
