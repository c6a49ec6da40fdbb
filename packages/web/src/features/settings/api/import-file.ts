import type { ImportFormat } from '@nestbox/shared/data/export.schema';
import type { ImportResult } from '@nestbox/shared/data/import.schema';
import { uploadFile } from '../../../lib/api/upload';

export interface ImportFileInput {
  file: File;
  format: ImportFormat;
  dryRun: boolean;
  /** The box the contents go into; a new box at the top of the Workspace when left out. */
  boxId?: string | undefined;
  /** json: also apply the file's settings. */
  settings: boolean;
  onProgress?: (sent: number) => void;
  onSent?: () => void;
  signal?: AbortSignal;
}

/**
 * `POST /api/import?format&dryRun&boxId&name&settings`: the file is the body. The new box
 * takes the file's name without its extension.
 */
export function importFile({
  file,
  format,
  dryRun,
  boxId,
  settings,
  onProgress,
  onSent,
  signal,
}: ImportFileInput) {
  return uploadFile<ImportResult>('/api/import', file, {
    query: {
      format,
      dryRun: dryRun ? 1 : 0,
      boxId,
      name:
        file.name
          .replace(/\.[^.]+$/u, '')
          .trim()
          .slice(0, 200) || undefined,
      settings: settings ? 1 : 0,
    },
    onProgress,
    onSent,
    signal,
  });
}

/** The format a file's name suggests, if any. */
export function formatOfFileName(name: string): ImportFormat | undefined {
  const extension = name.toLowerCase().split('.').pop();
  if (extension === 'json' || extension === 'zip') return 'json';
  if (extension === 'opml' || extension === 'xml') return 'opml';
  if (extension === 'csv') return 'todoist-csv';
  return undefined;
}
