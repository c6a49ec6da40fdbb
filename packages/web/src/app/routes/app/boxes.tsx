import { useTranslation } from 'react-i18next';
import { WorkspaceView } from '../../../features/workspace/components/workspace-view';
import { usePageTitle } from '../../../hooks/use-page-title';

/** `/app` and `/app/boxes`: the workspace of panes. */
export function BoxesRoute() {
  const { t } = useTranslation();
  usePageTitle(t('workspace.title'));
  return <WorkspaceView />;
}
