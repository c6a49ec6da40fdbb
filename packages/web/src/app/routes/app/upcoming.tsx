import { useTranslation } from 'react-i18next';
import { UpcomingView } from '../../../features/upcoming/components/upcoming-view';
import { useItemCommands } from '../../../features/workspace/hooks/use-item-commands';
import { usePageTitle } from '../../../hooks/use-page-title';

/** `/app/upcoming`: Upcoming, whose rows are marked done through the workspace's item flow. */
export function UpcomingRoute() {
  const { t } = useTranslation();
  usePageTitle(t('upcoming.title'));
  const commands = useItemCommands();
  return <UpcomingView commands={commands} />;
}
