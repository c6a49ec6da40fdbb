/**
 * The undo module's public face for other modules: the service (created in app.ts), which the
 * modules owning undoable changes record them with and register their restorers on, and the
 * routes' way to hand the entry's id to the caller.
 */
export {
  createUndoService,
  sendUndoId,
  type UndoEntry,
  type UndoRestorer,
  type UndoService,
} from './undo.service.js';
