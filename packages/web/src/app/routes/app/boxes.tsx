import { useTranslation } from 'react-i18next';
import { WorkspaceView } from '../../../features/workspace/components/workspace-view';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useItemLink } from './use-item-link';

/** `/app` and `/app/boxes`: the workspace of panes (`?item=<id>` opens an item in its box). */
export function BoxesRoute() {
  const { t } = useTranslation();
  usePageTitle(t('workspace.title'));
  useItemLink();
  return <WorkspaceView />;
}
