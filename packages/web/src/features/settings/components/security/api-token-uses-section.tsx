import { Button, Paper, Stack, Text } from '@mantine/core';
import { formatDate } from '@nestbox/shared/dates/format-date';
import { IconArrowRight, IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LoadedList } from '../../../../components/layout/loaded-list';
import { useUser } from '../../../../lib/api/get-user';
import { useApiTokens } from '../../api/get-api-tokens';
import classes from '../app-settings.module.css';
import { SectionHeading } from '../data/section-heading';

/** When a token was last used: the day and the minute (the server records it to the minute). */
const LAST_USED_FORMAT = 'dd-MMM-yyyy HH:mm';

/**
 * What signs in for the person without a password or a code: their API tokens (app passwords
 * of CalDAV apps among them), each with its last use. Read only: Data → API tokens manages them.
 */
export function ApiTokenUsesSection({ onManage }: { onManage: () => void }) {
  const { t } = useTranslation();
  const user = useUser();
  const tokens = useApiTokens();

  return (
    <Stack gap="md" component="section" aria-labelledby="settings-token-uses-title">
      <SectionHeading id="settings-token-uses-title" icon={<IconKey size={22} />}>
        {t('settings.security.tokens.title')}
      </SectionHeading>
      <Text size="sm" c="dimmed">
        {t('settings.security.tokens.intro')}
      </Text>
      <LoadedList
        query={tokens}
        items={tokens.data}
        label={t('settings.security.tokens.title')}
        loadFailed={t('settings.data.tokens.loadFailed')}
        empty={t('settings.data.tokens.none')}
      >
        {(token) => (
          <Paper component="li" key={token.id} withBorder radius="md" px="md" py="xs">
            <Text fw={600} size="sm" lineClamp={2} className={classes.breakAnywhere}>
              {token.name}
            </Text>
            <Text size="xs" c="dimmed">
              {token.lastUsedAt === null
                ? t('settings.data.tokens.neverUsed')
                : t('settings.data.tokens.lastUsed', {
                    date: formatDate(token.lastUsedAt, user.timezone, user.locale, LAST_USED_FORMAT),
                  })}
            </Text>
          </Paper>
        )}
      </LoadedList>
      <Button
        variant="subtle"
        rightSection={<IconArrowRight size={16} />}
        onClick={onManage}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('settings.security.tokens.manage')}
      </Button>
    </Stack>
  );
}
