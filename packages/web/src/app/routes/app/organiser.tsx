import { useTranslation } from 'react-i18next';
import { OrganizerLists } from '../../../features/organizer/components/organizer-lists';
import { useItemCommands } from '../../../features/workspace/hooks/use-item-commands';
import { usePageTitle } from '../../../hooks/use-page-title';

/** `/app/organiser`: the Organizer, whose rows' keys use the workspace's item flows. */
export function OrganiserRoute() {
  const { t } = useTranslation();
  usePageTitle(t('organiser.title'));
  const commands = useItemCommands();
  return <OrganizerLists commands={commands} />;
}
