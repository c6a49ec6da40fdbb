import { availableParallelism } from 'node:os';
import { IMPORT_MAX_BYTES } from '@nestbox/shared/data/import.schema';
import { Piscina } from 'piscina';
import type { ParseTask, ReadFile } from './parsers/parse-worker.js';

/** The longest a file may take to read; past it the reading thread is stopped. */
const READ_LIMIT_MS = 60_000;
/** Room for a file's reading: its text and its tree stay within four times the largest file. */
const READ_MEMORY_MB = Math.ceil((4 * IMPORT_MAX_BYTES) / (1024 * 1024));

/** Run from the TypeScript sources (tests, development), the worker loads them the same way. */
const fromSource = import.meta.url.endsWith('.ts');

/**
 * Reads import files off the event loop: parsing a 50 MB file takes seconds, during which the
 * instance must go on answering everyone else. A small pool of worker threads (one per spare
 * core, at least one), each limited in memory and time; a file that breaks a limit is
 * answered as one that could not be read (`import.file.tooHard`), never a crash.
 */
export function createFileReader() {
  const pool = new Piscina<ParseTask, ReadFile>({
    filename: new URL(`./parsers/parse-worker.${fromSource ? 'ts' : 'js'}`, import.meta.url).href,
    minThreads: 0,
    maxThreads: Math.max(1, availableParallelism() - 1),
    idleTimeout: 30_000,
    resourceLimits: { maxOldGenerationSizeMb: READ_MEMORY_MB },
    ...(fromSource ? { execArgv: ['--import', 'tsx', '--conditions=source'] } : {}),
  });

  return {
    /** The parsed file, or undefined when it could not be read within the limits. */
    async read(task: ParseTask): Promise<ReadFile | undefined> {
      try {
        // The bytes move to the thread rather than being copied, when they own their memory.
        const { bytes } = task;
        const owned = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
        return await pool.run(task, {
          signal: AbortSignal.timeout(READ_LIMIT_MS),
          ...(owned ? { transferList: [bytes.buffer as ArrayBuffer] } : {}),
        });
      } catch (error) {
        if (isLimitReached(error)) return undefined;
        throw error;
      }
    },
    close: () => pool.destroy(),
  };
}

export type FileReader = ReturnType<typeof createFileReader>;

/** A worker stopped for its time (an abort) or its memory. */
function isLimitReached(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: string }).code;
  return error.name === 'AbortError' || code === 'ERR_WORKER_OUT_OF_MEMORY';
}
