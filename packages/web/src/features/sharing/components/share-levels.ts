import { ACCESS_LEVELS, type AccessLevel } from '@nestbox/shared/items/item-values';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The order the share UI offers the levels in (SPEC §6: Readonly, Editor, Owner). */
const LEVEL_CHOICES: readonly AccessLevel[] = ['readonly', 'editor', 'owner'];

/** Whether a select's value is one of the levels. */
export function isAccessLevel(value: string | null): value is AccessLevel {
  return value !== null && (ACCESS_LEVELS as readonly string[]).includes(value);
}

/** The levels as a select offers them, in the language shown. */
export function useLevelOptions() {
  const { t } = useTranslation();
  return useMemo(
    () => LEVEL_CHOICES.map((level) => ({ value: level, label: t(`share.level.${level}`) })),
    [t],
  );
}
