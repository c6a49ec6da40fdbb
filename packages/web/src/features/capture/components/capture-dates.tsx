import { Chip, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DateReading } from '../../../lib/quick-capture/parse-capture';
import classes from './quick-capture-form.module.css';

/** A date read in the typed text, and whether it is the text's date. */
export interface CaptureDate {
  reading: DateReading;
  used: boolean;
}

interface CaptureDatesProps {
  dates: readonly CaptureDate[];
  /** The reading in words ("Friday 4 December, 22:00"). */
  describe: (reading: DateReading) => string;
  onChange: (reading: DateReading, used: boolean) => void;
}

/**
 * One checkbox per date read in the text: ticked, it is the text's date; unticked, its words
 * stay in the title. A reading that looks like part of a title starts unticked. Each keeps its
 * place as it is ticked and unticked, so the keyboard's focus stays on it.
 */
export function CaptureDates({ dates, describe, onChange }: CaptureDatesProps) {
  const { t } = useTranslation();
  if (dates.length === 0) return null;
  return (
    <Group gap="xs" className={classes.dates}>
      {dates.map(({ reading, used }) => (
        <Chip
          key={`${reading.start}:${reading.end}`}
          size="sm"
          variant="outline"
          checked={used}
          classNames={{ root: classes.date, label: classes.dateLabel }}
          onChange={(checked) => onChange(reading, checked)}
        >
          {t('capture.readAs', { text: reading.text, date: describe(reading) })}
        </Chip>
      ))}
    </Group>
  );
}
