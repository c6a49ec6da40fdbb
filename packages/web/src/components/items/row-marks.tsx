import type { Item } from '@nestbox/shared/items/item.schema';
import { TargetDateChip } from '../dates/target-date-chip';
import { NoteMark } from './note-mark';

/**
 * The marks a row of an item shows after its title: its date with the repeat mark, then
 * whether it has a note.
 */
export function RowMarks({
  item,
  timeZone,
  locale,
}: {
  item: Pick<Item, 'priorityTargetDate' | 'targetHasTime' | 'recurrence' | 'completed' | 'note'>;
  timeZone: string;
  /** The language shown (`fr`, `en-GB`…). */
  locale: string;
}) {
  return (
    <>
      <TargetDateChip
        date={item.priorityTargetDate}
        hasTime={item.targetHasTime}
        rule={item.recurrence}
        completed={item.completed}
        timeZone={timeZone}
        locale={locale}
      />
      <NoteMark note={item.note} />
    </>
  );
}
