import { Skeleton } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadBoundary, retryableLazy } from '../../../components/errors/load-boundary';
import { useAttachDroppedFiles } from '../../../features/attachments/hooks/use-attach-dropped-files';
import { SearchPane } from '../../../features/search/components/search-pane';
import { TagsList } from '../../../features/tags/components/tags-list';
import type { WorkspaceSlots } from '../../../features/workspace/components/workspace-slots';
import { WorkspaceView } from '../../../features/workspace/components/workspace-view';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useItemLink } from './use-item-link';

/** The Share section of Box settings: its code loads when Box settings first shows it. */
const ShareSection = retryableLazy(async () => ({
  default: (await import('../../../features/sharing/components/share-section')).ShareSection,
}));

/**
 * The workspace's panes and sections that other features own: search (with its tags), sharing,
 * and files dropped onto rows (attachments).
 */
const WORKSPACE_SLOTS: WorkspaceSlots = {
  renderSearchPane: (pane) => <SearchPane {...pane} renderTags={(tags) => <TagsList {...tags} />} />,
  renderShare: (box, abilities) => (
    <LoadBoundary retry={ShareSection.retry}>
      <Suspense fallback={<Skeleton height={64} radius="sm" aria-hidden="true" />}>
        <ShareSection itemId={box._id} abilities={abilities} />
      </Suspense>
    </LoadBoundary>
  ),
  useAttachFiles: useAttachDroppedFiles,
};

/** `/app` and `/app/boxes`: the workspace of panes (`?item=<id>` opens an item in its box). */
export function BoxesRoute() {
  const { t } = useTranslation();
  usePageTitle(t('workspace.title'));
  useItemLink();
  return <WorkspaceView slots={WORKSPACE_SLOTS} />;
}
