import { EmptyState, Paper, Stack, Title } from '@mantine/core';
import { DEFAULT_PRIORITIZED_SPLIT_PERCENTAGE } from '@nestbox/shared/constants';
import { IconListCheck, IconListDetails } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './organizer-lists.module.css';

function OrganizerRegion({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={id} withBorder p={{ base: 'md', sm: 'lg' }} shadow="xs">
      <Title order={2} id={id} fz="lg" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** The Organizer: the Prioritized and Unprioritized lists, side by side or stacked. */
export function OrganizerLists() {
  const { t } = useTranslation();
  const split = {
    '--prioritized-share': `${DEFAULT_PRIORITIZED_SPLIT_PERCENTAGE}fr`,
    '--unprioritized-share': `${100 - DEFAULT_PRIORITIZED_SPLIT_PERCENTAGE}fr`,
  } as CSSProperties;

  return (
    <Stack gap="md">
      <Title order={1} fz={{ base: 22, sm: 26 }}>
        {t('organiser.title')}
      </Title>
      <div className={classes.lists} style={split}>
        <OrganizerRegion id="organiser-prioritized" title={t('organiser.prioritized')}>
          <EmptyState
            py="xl"
            icon={<IconListCheck size={28} stroke={1.6} />}
            withIndicatorBackground
            title={t('organiser.prioritized.empty')}
            description={t('organiser.prioritized.emptyDetail')}
          />
        </OrganizerRegion>
        <OrganizerRegion id="organiser-unprioritized" title={t('organiser.unprioritized')}>
          <EmptyState
            py="xl"
            icon={<IconListDetails size={28} stroke={1.6} />}
            withIndicatorBackground
            title={t('organiser.unprioritized.empty')}
            description={t('organiser.unprioritized.emptyDetail')}
          />
        </OrganizerRegion>
      </div>
    </Stack>
  );
}
