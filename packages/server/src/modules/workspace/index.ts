/** What the items module still imports from here; other modules use workspace.service.ts and workspace.contract.ts. */
export type { PaneRow } from './workspace.contract.js';
export { closePanesShowing, reopenPanes } from './workspace.service.js';
