import type {
  ExportBox,
  ExportItem,
  ExportPersonal,
  ExportSettings,
  ExportText,
} from '@nestbox/shared/data/export.schema';
import type { UserLocale } from '@nestbox/shared/i18n/locales';
import type { MessageKey } from '@nestbox/shared/i18n/messages.en-gb';

/** Where in the file something is: a line (1-based), an OPML outline's place ("2.1.3"), or a JSON path. */
export interface FileSpot {
  line?: number;
  element?: string;
  path?: string;
}

/** A problem a parser found, before it is translated. */
export interface FoundProblem extends FileSpot {
  severity: 'error' | 'warning';
  key: MessageKey;
  params?: Record<string, string | number>;
}

/**
 * What every parser makes of a file: the same tree the Nestbox export holds (defaults filled
 * in), where each item came from (for the checks that follow), the file's settings (JSON
 * only) and the problems found, in the order of the file.
 */
export interface ParsedFile {
  items: ExportItem[];
  spots: Map<ExportItem, FileSpot>;
  settings?: ExportSettings;
  problems: FoundProblem[];
}

/** What a parser needs to know of the person importing. */
export interface ParseContext {
  /** UTC ms: new items are created now; dates in words are read from now. */
  now: number;
  timeZone: string;
  /** The person's defaults for new boxes (Customizations). */
  boxDefaults: { showCompleted: boolean; autoAddToUnprioritized: boolean };
  /** The language of what an import writes itself (a note's "Duration: 30 minutes"); English when absent. */
  locale?: UserLocale;
}

const NO_PERSONAL_STATE: ExportPersonal = {
  favourited: false,
  prioritizable: false,
  priority: null,
  markedForToday: false,
};

let sequence = 0;
/** An id unique within one file; the writer gives every item a real id of its own. */
function nextId(): string {
  sequence = (sequence + 1) % Number.MAX_SAFE_INTEGER;
  return `i${sequence}`;
}

/** A new text as an import makes it (open, undated, not in the Organizer). */
export function newText(title: string, now: number, extra: Partial<ExportText> = {}): ExportText {
  return {
    type: 'text',
    id: nextId(),
    title,
    createdAt: now,
    completedAt: null,
    archivedAt: null,
    targetDate: null,
    autoArchive: null,
    mine: { ...NO_PERSONAL_STATE },
    reminders: [],
    ...extra,
  };
}

/** A new box as an import makes it, with the person's defaults for new boxes. */
export function newBox(
  title: string,
  context: ParseContext,
  extra: Partial<Omit<ExportBox, 'type'>> = {},
): ExportBox {
  return {
    type: 'box',
    id: nextId(),
    title,
    boxType: 'todo',
    createdAt: context.now,
    completedAt: null,
    archivedAt: null,
    targetDate: null,
    autoArchive: null,
    settings: {
      showCompleted: context.boxDefaults.showCompleted,
      autoAddToUnprioritized: context.boxDefaults.autoAddToUnprioritized,
    },
    mine: { ...NO_PERSONAL_STATE },
    reminders: [],
    children: [],
    ...extra,
  };
}

/**
 * A box made of a text that turned out to hold others (an outline's parent, a Todoist task
 * with subtasks): its title, dates and completion, with the person's box defaults.
 */
export function boxOf(text: ExportText, context: ParseContext, children: ExportItem[] = []): ExportBox {
  const { type: _type, mine: _mine, ...fields } = text;
  return { ...newBox(text.title, context), ...fields, children };
}
