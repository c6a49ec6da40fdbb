import { EXPORT_MAX_DEPTH, type ExportItem } from '@nestbox/shared/data/export.schema';
import { IMPORT_VALUE_MAX_LENGTH } from '@nestbox/shared/data/import.schema';
import { targetDateFromDay } from '@nestbox/shared/dates/target-date';
import { decodeXML } from 'entities';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { markdownOfOutlineText } from './outline-markup.js';
import {
  boxOf,
  type FileSpot,
  type FoundProblem,
  newText,
  type ParseContext,
  type ParsedFile,
} from './parsed-file.js';

/** The elements above the outlines (`opml`, `body`), and a little room. */
const XML_DEPTH = EXPORT_MAX_DEPTH + 4;

/**
 * XML read safely: no DTD (refused before parsing, so no entity of the file's own can exist),
 * the parser's own entity expansion off (only XML's five and character references are read,
 * by `decodeXML`), attributes kept as written, and nesting bounded (deeper files are
 * refused, never recursed into).
 */
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
  processEntities: false,
  attributeValueProcessor: (_name, value) => decodeXML(value),
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (name) => name === 'outline',
  maxNestedTags: XML_DEPTH,
});

type Outline = Record<string, unknown> & { outline?: Outline[] };

const attribute = (outline: Outline, name: string): string | undefined => {
  const value = outline[name];
  return typeof value === 'string' ? value : undefined;
};

const TRUE = new Set(['true', '1', 'yes']);

/** The line a character offset falls on (1-based). */
const lineAt = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

/**
 * Where the first stretch of more than IMPORT_VALUE_MAX_LENGTH characters between two `<`
 * starts (one element with its attributes, or text between elements), if any.
 */
function longRunAt(text: string): number | undefined {
  let from = 0;
  while (from < text.length) {
    const next = text.indexOf('<', from + 1);
    const end = next === -1 ? text.length : next;
    if (end - from > IMPORT_VALUE_MAX_LENGTH) return from;
    from = end;
  }
  return undefined;
}

/**
 * An OPML outline (Workflowy, Dynalist, Logseq, Nestbox): `<body>`'s outlines in order. An
 * outline with children becomes a box, a leaf a text; the title is `text` (or `title`), its
 * HTML formatting written as the markdown titles show (`markdownOfOutlineText`);
 * `_complete="true"` completes it; `_targetDate` (an ISO date, as Nestbox writes it) dates
 * it; `_note` (as Workflowy and Dynalist write it) is the item's note. Problems name the outline by its place: "2.1.3" is
 * the third outline in the first in the second.
 */
export function parseOpml(text: string, context: ParseContext): ParsedFile {
  const problems: FoundProblem[] = [];
  const spots = new Map<ExportItem, FileSpot>();
  const fail = (problem: Omit<FoundProblem, 'severity'>): ParsedFile => ({
    items: [],
    spots,
    problems: [{ severity: 'error', ...problem }],
  });

  // The validator's work grows faster than an attribute's length: a value no item could hold
  // is refused by a linear scan first.
  const tooLong = longRunAt(text);
  if (tooLong !== undefined)
    return fail({
      key: 'import.file.valueTooLong',
      line: lineAt(text, tooLong),
      params: { max: IMPORT_VALUE_MAX_LENGTH },
    });
  const doctype = /<!DOCTYPE/iu.exec(text);
  if (doctype) return fail({ key: 'import.xml.doctype', line: lineAt(text, doctype.index) });
  const valid = XMLValidator.validate(text);
  if (valid !== true)
    return fail({ key: 'import.xml.malformed', line: valid.err.line, params: { column: valid.err.col } });

  let document: Record<string, unknown>;
  try {
    document = parser.parse(text) as Record<string, unknown>;
  } catch {
    // The parser refuses only what the validator let through: nesting past XML_DEPTH.
    return fail({ key: 'import.xml.tooDeep' });
  }
  const opml = document.opml as { body?: Outline | string } | undefined;
  const body = opml && typeof opml.body === 'object' ? opml.body : undefined;
  if (!body?.outline) return fail({ key: 'import.opml.noBody' });

  const read = (outlines: Outline[], place: string): ExportItem[] =>
    outlines.map((outline, index) => {
      const element = place ? `${place}.${index + 1}` : String(index + 1);
      const title = markdownOfOutlineText(
        attribute(outline, 'text') ?? attribute(outline, 'title') ?? '',
      ).trim();
      const note = attribute(outline, '_note')?.trim() ?? '';
      const completed = TRUE.has(attribute(outline, '_complete')?.toLowerCase() ?? '');
      const written = attribute(outline, '_targetDate')?.trim();
      let targetDate: number | null = null;
      // A day alone is the start of that day where the person is, as a date picker sets it.
      const dayAlone = written !== undefined && /^\d{4}-\d{2}-\d{2}$/u.test(written);
      if (written) {
        const parsed = dayAlone ? targetDateFromDay(written, context.timeZone) : Date.parse(written);
        if (Number.isNaN(parsed))
          problems.push({
            severity: 'warning',
            key: 'import.opml.targetDate',
            element,
            params: { date: written },
          });
        else targetDate = parsed;
      }
      const children = outline.outline ?? [];
      const fields = {
        completedAt: completed ? context.now : null,
        targetDate,
        ...(targetDate === null ? {} : { targetHasTime: !dayAlone }),
        ...(note ? { note } : {}),
      };
      const text = newText(title, context.now, fields);
      const item: ExportItem = children.length === 0 ? text : boxOf(text, context, read(children, element));
      spots.set(item, { element });
      return item;
    });

  return { items: read(body.outline, ''), spots, problems };
}
