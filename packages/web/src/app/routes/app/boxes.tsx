import { useTranslation } from 'react-i18next';
import { useAttachDroppedFiles } from '../../../features/attachments/hooks/use-attach-dropped-files';
import { SearchPane } from '../../../features/search/components/search-pane';
import { ShareSection } from '../../../features/sharing/components/share-section';
import { TagsList } from '../../../features/tags/components/tags-list';
import type { WorkspaceSlots } from '../../../features/workspace/components/workspace-slots';
import { WorkspaceView } from '../../../features/workspace/components/workspace-view';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useItemLink } from './use-item-link';

/**
 * The workspace's panes and sections that other features own: search (with its tags), sharing,
 * and files dropped onto rows (attachments).
 */
const WORKSPACE_SLOTS: WorkspaceSlots = {
  renderSearchPane: (pane) => <SearchPane {...pane} renderTags={(tags) => <TagsList {...tags} />} />,
  renderShare: (box, abilities) => <ShareSection itemId={box._id} abilities={abilities} />,
  useAttachFiles: useAttachDroppedFiles,
};

/** `/app` and `/app/boxes`: the workspace of panes (`?item=<id>` opens an item in its box). */
export function BoxesRoute() {
  const { t } = useTranslation();
  usePageTitle(t('workspace.title'));
  useItemLink();
  return <WorkspaceView slots={WORKSPACE_SLOTS} />;
}
