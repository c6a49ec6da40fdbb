import { MAX_TREE_DEPTH } from '../access/access.contract.js';
import type { PathBox } from './items.contract.js';

/**
 * The boxes above an item that the reader sees, outermost first: the walk goes up from the
 * item's parent through `boxes` (the boxes the reader sees, by id) and stops at the first box
 * they do not see, or at their Workspace, which is then the first box of the path. An item
 * shared on its own, in a box the reader does not see, has an empty path.
 */
export function boxesAbove<Box extends PathBox>(
  parentId: string | null,
  boxes: ReadonlyMap<string, Box>,
): Box[] {
  const path: Box[] = [];
  let box = parentId ? boxes.get(parentId) : undefined;
  while (box && path.length < MAX_TREE_DEPTH) {
    path.push(box);
    if (box.isRootBox) break;
    box = box.parentId ? boxes.get(box.parentId) : undefined;
  }
  return path.reverse();
}
