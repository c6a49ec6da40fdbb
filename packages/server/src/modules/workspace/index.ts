/**
 * The workspace module's public face for other modules: archiving an item closes the panes
 * that show it, in the archiving transaction.
 */
export { closePanesShowing } from './workspace.repository.js';
