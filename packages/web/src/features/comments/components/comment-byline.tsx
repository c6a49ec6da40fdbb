import { Text } from '@mantine/core';
import type { Comment } from '@nestbox/shared/comments/comments.schema';
import { formatDate } from '@nestbox/shared/dates/format-date';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../../hooks/use-now';
import { useUser } from '../../../lib/api/get-user';
import { DATE_TIME_PATTERN, relativeTime } from '../../../lib/relative-time';

/**
 * Who wrote a comment and when, as the app says when elsewhere ("5 minutes ago", then the
 * date), the exact time on hover; "edited" after a comment changed since.
 */
export function CommentByline({ comment, author }: { comment: Comment; author: string }) {
  const { t } = useTranslation();
  const { locale, timezone } = useUser();
  const now = useNow();
  const exact = (at: number) => formatDate(at, timezone, locale, DATE_TIME_PATTERN);
  const when = relativeTime(comment.createdAt, now, locale, timezone) ?? t('comments.justNow');
  return (
    <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
      <Text span fw={600} size="sm">
        {author}
      </Text>{' '}
      <Text span c="dimmed" size="xs">
        <time dateTime={new Date(comment.createdAt).toISOString()} title={exact(comment.createdAt)}>
          {when}
        </time>
        {comment.editedAt !== null && (
          <>
            {' · '}
            <span title={t('comments.editedOn', { date: exact(comment.editedAt) })}>
              {t('comments.edited')}
            </span>
          </>
        )}
      </Text>
    </Text>
  );
}
