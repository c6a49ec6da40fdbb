import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The Nestbox mark: three nested boxes. Decorative; the wordmark or a label names it. */
export function NestboxMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="9" fill="var(--mantine-color-nest-7, #3a927b)" />
      <rect
        x="7"
        y="7"
        width="18"
        height="18"
        rx="5"
        fill="none"
        stroke="#fff"
        strokeWidth="2.2"
        opacity="0.9"
      />
      <rect x="12" y="12" width="8" height="8" rx="2.5" fill="#fff" />
    </svg>
  );
}

/** Mark and wordmark; `hideWordmarkBelow` hides the word on narrow screens (Mantine breakpoint). */
export function Logo({ size = 32, hideWordmarkBelow }: { size?: number; hideWordmarkBelow?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  return (
    <Group gap={10} wrap="nowrap">
      <NestboxMark size={size} />
      <Text
        component="span"
        fw={700}
        fz={size * 0.62}
        lh={1}
        c="var(--nestbox-wordmark)"
        style={{ letterSpacing: '-0.01em' }}
        visibleFrom={hideWordmarkBelow}
      >
        {t('app.name')}
      </Text>
    </Group>
  );
}
