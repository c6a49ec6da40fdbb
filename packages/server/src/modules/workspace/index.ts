/**
 * The workspace module's public face for other modules: archiving an item closes the panes
 * that show it, in the archiving transaction, and undoing the archive opens them again.
 */
export { closePanesShowing, type PaneRow, reopenPanes } from './workspace.repository.js';
