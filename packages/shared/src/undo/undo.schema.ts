import { z } from 'zod';

/**
 * `POST /api/undo/undo-action`: undoes one change of the caller's, named by the id its answer
 * carried in the `X-Undo-Id` header (UNDO_ID_HEADER).
 */
export const UndoActionBodySchema = z
  .object({ undoId: z.uuid().describe('The `X-Undo-Id` of the change to undo.') })
  .meta({ id: 'UndoActionBody' });

export type UndoActionBody = z.infer<typeof UndoActionBodySchema>;
