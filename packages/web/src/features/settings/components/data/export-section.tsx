import { Button, Group, Stack, Text } from '@mantine/core';
import type { ExportFormat } from '@nestbox/shared/data/export.schema';
import { IconDownload, IconFileExport } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotifyFailure } from '../../../../hooks/use-notify-failure';
import { useDownloadExport } from '../../api/download-export';
import { SectionHeading } from './section-heading';

// Listed here rather than read from the shared schema's module, which would load zod with the tab.
const FORMATS = ['json', 'zip', 'opml', 'csv'] as const satisfies readonly ExportFormat[];
const FORMAT_NAMES: Record<ExportFormat, string> = { json: 'JSON', zip: 'ZIP', opml: 'OPML', csv: 'CSV' };

/**
 * The Data tab's export: one button per format (Nestbox JSON, alone or zipped with the
 * attached files, OPML, CSV), each with a line
 * saying what it is for. The pressed one shows it is working until the file is saved; the
 * others wait meanwhile.
 */
export function ExportSection() {
  const { t } = useTranslation();
  const download = useDownloadExport();
  const notifyFailure = useNotifyFailure();
  const idPrefix = useId();

  return (
    <Stack gap="sm" component="section" aria-labelledby={`${idPrefix}-title`}>
      <SectionHeading id={`${idPrefix}-title`} icon={<IconFileExport size={22} />}>
        {t('settings.data.export.title')}
      </SectionHeading>
      <Text size="sm" c="dimmed">
        {t('settings.data.export.intro')}
      </Text>
      {FORMATS.map((format) => (
        <Group key={format} gap="sm" wrap="nowrap" align="center">
          <Button
            variant="light"
            w={104}
            style={{ flexShrink: 0 }}
            leftSection={<IconDownload size={16} aria-hidden />}
            aria-label={t('settings.data.export.download', { format: FORMAT_NAMES[format] })}
            aria-describedby={`${idPrefix}-${format}`}
            loading={download.isPending && download.variables === format}
            disabled={download.isPending && download.variables !== format}
            onClick={() =>
              download.mutate(format, {
                onError: (error) => notifyFailure(error, 'settings.data.export.failed'),
              })
            }
          >
            {FORMAT_NAMES[format]}
          </Button>
          <Text size="sm" id={`${idPrefix}-${format}`}>
            {t(`settings.data.export.${format}`)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
