import { Divider, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiTokensSection } from './data/api-tokens-section';
import { AttachmentsUsageSection } from './data/attachments-usage-section';
import { CalendarFeedSection } from './data/calendar-feed-section';
import { ExportSection } from './data/export-section';
import { ImportSection } from './data/import-section';

/**
 * Application Settings → Data: export, the room attachments take, import, the calendar feed
 * and personal API tokens.
 * `onOpenBox` opens a box in the Workspace (the box an import made).
 */
export function DataTab({ onOpenBox }: { onOpenBox?: (boxId: string) => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Text c="dimmed" size="sm">
        {t('settings.data.intro')}
      </Text>
      <ExportSection />
      <Divider />
      <AttachmentsUsageSection />
      <Divider />
      <ImportSection onOpenBox={onOpenBox} />
      <Divider />
      <CalendarFeedSection />
      <Divider />
      <ApiTokensSection />
    </Stack>
  );
}
