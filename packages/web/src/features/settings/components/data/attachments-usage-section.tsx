import { Progress, Skeleton, Stack, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAttachmentsUsage } from '../../../../lib/api/attachments-usage';
import { formatFileSize } from '../../../../lib/file-size';
import { currentLocale } from '../../../../lib/i18n';
import { SectionHeading } from './section-heading';

/** The Data tab's attachments: how much of their room the caller's files take, and the limit of one file. */
export function AttachmentsUsageSection() {
  const { t } = useTranslation();
  const usage = useAttachmentsUsage();
  const titleId = useId();
  const locale = currentLocale();
  const size = (bytes: number) => formatFileSize(bytes, locale);

  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <SectionHeading id={titleId} icon={<IconPaperclip size={22} />}>
        {t('attachments.usageTitle')}
      </SectionHeading>
      {usage.data ? (
        <>
          <Text size="sm">
            {t('attachments.usage', {
              used: size(usage.data.used),
              quota: size(usage.data.quota),
              maxFile: size(usage.data.maxFile),
            })}
          </Text>
          <Progress
            value={Math.min(100, (usage.data.used / Math.max(usage.data.quota, 1)) * 100)}
            size="sm"
            aria-label={t('attachments.usageTitle')}
          />
        </>
      ) : usage.isError ? (
        <Text size="sm" c="dimmed">
          {t('attachments.usageFailed')}
        </Text>
      ) : (
        <Skeleton height={36} radius="sm" />
      )}
    </Stack>
  );
}
