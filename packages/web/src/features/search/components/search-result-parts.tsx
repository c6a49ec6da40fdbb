import { Badge, CloseButton, Text, UnstyledButton } from '@mantine/core';
import type { SearchResult } from '@nestbox/shared/items/item.schema';
import { matchedRanges } from '@nestbox/shared/search/search-query';
import { IconAlignLeft, IconBox } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CommentMark } from '../../../components/items/comment-mark';
import { RowMarks } from '../../../components/items/row-marks';
import resultClasses from '../../../components/layout/result-list.module.css';
import { Highlighted } from '../../../components/rich-text/highlighted';
import { RichText } from '../../../components/rich-text/rich-text';
import { useUser } from '../../../lib/api/get-user';
import { getItemQueryOptions } from '../../../lib/api/items/get-item';
import { displayTitleIn } from '../../../lib/display-title';

/** The box the search is limited to, and the button that lifts the limit. */
export function WithinBox({ boxId, onClear }: { boxId: string; onClear: () => void }) {
  const { t } = useTranslation();
  const box = useQuery(getItemQueryOptions(boxId));
  const title = box.data ? displayTitleIn(t, box.data) : '…';
  return (
    <div>
      <Badge
        size="lg"
        variant="light"
        tt="none"
        fw={500}
        leftSection={<IconBox size={14} stroke={1.8} aria-hidden />}
        rightSection={
          <CloseButton
            size="xs"
            variant="transparent"
            aria-label={t('searchPane.within.clear')}
            onClick={onClear}
          />
        }
        maw="100%"
        data-within-box={boxId}
      >
        {t('searchPane.within', { title })}
      </Badge>
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" ta="center" fz="sm" py="xl" px="md">
      {children}
    </Text>
  );
}

/**
 * One result: what it is, its title with what matched marked, the box it sits in, its date
 * and repeat mark; a click opens it (or its box).
 */
export function ResultRow({
  result,
  highlight,
  onOpen,
}: {
  result: SearchResult;
  /** The search's words (folded), marked where the title holds them. */
  highlight: readonly string[];
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const { timezone, locale } = useUser();
  const isBox = result.itemType === 'todoBox';
  const title = displayTitleIn(t, result);
  const Icon = isBox ? IconBox : IconAlignLeft;
  return (
    <UnstyledButton
      className={resultClasses.result}
      onClick={onOpen}
      disabled={!isBox && !result.parentItemId}
      data-item-id={result._id}
    >
      <Icon
        className={resultClasses.resultIcon}
        data-box={isBox || undefined}
        size={18}
        stroke={1.7}
        aria-hidden
      />
      <span className={resultClasses.resultText}>
        <span
          className={resultClasses.resultTitle}
          data-box={isBox || undefined}
          data-completed={result.completed || undefined}
        >
          {/* Inside the result's button, links and tag chips show as marked text. */}
          {!isBox && result.title ? (
            <RichText text={result.title} interactive={false} highlight={highlight} />
          ) : (
            <Highlighted text={title} ranges={matchedRanges(title, highlight)} />
          )}
        </span>
        <span className={resultClasses.resultParent}>
          {/* No parent title: the item is shared on its own, its box is not the caller's to see. */}
          {result.parentTitle === null
            ? t('item.parent.sharedWithYou')
            : t('searchPane.in', {
                title: displayTitleIn(t, { title: result.parentTitle, itemType: 'todoBox' }),
              })}
          {result.foundInNote && (
            <span data-found-in-note>
              {' · '}
              {t('search.foundInNote')}
            </span>
          )}
        </span>
      </span>
      <RowMarks item={result} timeZone={timezone} locale={locale} />
      <CommentMark itemId={result._id} count={result.commentCount} interactive={false} />
      {result.archivedDate !== null && (
        <Badge size="xs" variant="light" color="gray">
          {t('searchPane.archived')}
        </Badge>
      )}
    </UnstyledButton>
  );
}
