/**
 * The items module's public face for other modules: the service (created in app.ts), what
 * other modules' queries need to present items the same way (paths included), and the end-to-end helpers'
 * way to fill a box at once.
 */

export type { NewTreeItem } from './commands/insert-tree.js';
export { boxesAbove, type PathBox } from './item-path.js';
export { presentItem } from './items.presenter.js';
export { appendTexts, PRESENTED_COLUMNS, type PresentableRow } from './items.repository.js';
export {
  createItemsService,
  type ItemsService,
  type PersonalChanges,
  type Undoable,
} from './items.service.js';
export { insertTagsOf } from './tags.repository.js';
