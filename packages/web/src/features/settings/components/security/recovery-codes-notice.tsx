import { Alert, Button, CopyButton, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload, IconShieldCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import classes from '../app-settings.module.css';

/** Saves the codes as a text file, one a line. */
function download(codes: readonly string[], heading: string) {
  const file = new Blob([`${heading}\n\n${codes.join('\n')}\n`], { type: 'text/plain;charset=utf-8' });
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'nestbox-recovery-codes.txt';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The ten recovery codes, shown this once (only their hashes are kept), with ways to keep
 * them: copy them all, or download them as a text file. It takes the focus when it shows.
 */
export function RecoveryCodesNotice({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  const heading = t('settings.security.recovery.fileHeading');

  return (
    <Alert
      color="nest"
      variant="light"
      icon={<IconShieldCheck size={18} />}
      classNames={{ icon: classes.noticeIcon }}
      role="status"
    >
      <Stack gap="sm">
        <Title order={4} fz="sm" ref={title} tabIndex={-1}>
          {t('settings.security.recovery.title')}
        </Title>
        <Text size="sm">{t('settings.security.recovery.note')}</Text>
        <SimpleGrid
          component="ul"
          cols={2}
          spacing="xs"
          verticalSpacing={4}
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('settings.security.recovery.listLabel')}
        >
          {codes.map((code) => (
            <Text component="li" key={code} ff="monospace" size="sm">
              {code}
            </Text>
          ))}
        </SimpleGrid>
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <CopyButton value={codes.join('\n')}>
              {({ copied, copy }) => (
                <Button
                  variant="default"
                  size="xs"
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  onClick={copy}
                >
                  {t(copied ? 'settings.security.recovery.copied' : 'settings.security.recovery.copy')}
                </Button>
              )}
            </CopyButton>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconDownload size={16} />}
              onClick={() => download(codes, heading)}
            >
              {t('settings.security.recovery.download')}
            </Button>
          </Group>
          <Button size="xs" onClick={onDone}>
            {t('settings.security.recovery.done')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
