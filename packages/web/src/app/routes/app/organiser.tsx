import { useTranslation } from 'react-i18next';
import { OrganizerLists } from '../../../features/organizer/components/organizer-lists';
import { usePageTitle } from '../../../hooks/use-page-title';

/** `/app/organiser`: the Organizer. */
export function OrganiserRoute() {
  const { t } = useTranslation();
  usePageTitle(t('organiser.title'));
  return <OrganizerLists />;
}
