import { Combobox, Text } from '@mantine/core';
import type { TagCount } from '@nestbox/shared/tags/tag.schema';
import { normaliseTag, tagAtCaret } from '@nestbox/shared/tags/tags';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useTags } from '../../lib/api/tags';
import classes from './tag-suggestions.module.css';

/** How many tags the list offers at once. */
const TAGS_OFFERED = 8;

/**
 * The tags to offer while a tag is typed at the caret (`prefix`: `#`, or quick capture's `##`):
 * the caller's tags that start with what is typed, most used first; and what choosing one
 * makes of the text (the whole tag, the caret after it).
 */
export function useTagSuggestions(text: string, caret: number, prefix: '#' | '##' = '#') {
  const query = tagAtCaret(text, caret, prefix);
  const tags = useTags({ enabled: query !== undefined });
  const typed = query ? normaliseTag(query.typed) : '';
  const options = useMemo(
    () =>
      query
        ? (tags.data?.tags ?? [])
            .filter((tag) => tag.name.startsWith(typed) && tag.name !== typed)
            .slice(0, TAGS_OFFERED)
        : [],
    [query, tags.data, typed],
  );
  const choose = (name: string): { text: string; caret: number } | undefined => {
    if (!query) return undefined;
    const after = text.slice(caret);
    // A space before what follows; none at the end, where a title would keep it.
    const inserted = `${prefix}${name}${after === '' || /^\s/u.test(after) ? '' : ' '}`;
    return { text: `${text.slice(0, query.start)}${inserted}${after}`, caret: query.start + inserted.length };
  };
  return { key: query ? `${query.start}:${query.typed}` : null, options, choose };
}

/** The list of tags offered, in a Combobox's dropdown; each option's value is `valuePrefix` and the tag's name. */
export function TagOptions({
  options,
  valuePrefix = '',
}: {
  options: readonly TagCount[];
  valuePrefix?: string;
}) {
  const { t } = useTranslation();
  return (
    <Combobox.Options aria-label={t('tags.suggestions')}>
      {options.map((tag) => (
        <Combobox.Option value={`${valuePrefix}${tag.name}`} key={tag.name}>
          <Text fz="sm" fw={600} span>
            #{tag.name}
          </Text>{' '}
          <Text fz="xs" span className={classes.count}>
            {t('tags.count', { count: tag.count })}
          </Text>
        </Combobox.Option>
      ))}
    </Combobox.Options>
  );
}
