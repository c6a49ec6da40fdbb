import { UnstyledButton } from '@mantine/core';
import { IconMessage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { openItemSettings } from '../../hooks/use-item-settings';
import classes from './comment-mark.module.css';

interface CommentMarkProps {
  itemId: string;
  count: number;
  /** Called once the Item settings it opened close (a list that is not patched live reads itself again). */
  onClose?: () => void;
  /** False inside something pressable already (a search result): the count alone, read with it. */
  interactive?: boolean;
}

/**
 * The mark of an item with comments: a quiet icon and their number, named for what it tells
 * ("3 comments"); a click opens Item settings at the Comments. Nothing shows for an item
 * without any.
 */
export function CommentMark({ itemId, count, onClose, interactive = true }: CommentMarkProps) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  const label = t('comments.count', { count });
  if (!interactive)
    return (
      <span className={classes.mark} data-comment-mark>
        <IconMessage size={14} stroke={1.8} role="img" aria-label={label} />
        <span aria-hidden>{count}</span>
      </span>
    );
  return (
    <UnstyledButton
      className={classes.mark}
      aria-label={label}
      title={label}
      data-comment-mark
      onClick={(event) => {
        // The row's own click (select it, edit it, open it) is not meant.
        event.stopPropagation();
        openItemSettings(itemId, 'comments', onClose ? { onClose } : {});
      }}
    >
      <IconMessage size={14} stroke={1.8} aria-hidden />
      <span>{count}</span>
    </UnstyledButton>
  );
}
