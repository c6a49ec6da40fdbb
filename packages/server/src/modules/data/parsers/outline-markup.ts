import { decodeHTML } from 'entities';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** How deep markup may nest in one outline's text (`<b><i><a>…` is three). */
const MARKUP_DEPTH = 32;

/** The only schemes a link keeps (as the title renderer allows); any other link becomes its text. */
const SAFE_LINK = /^(?:https?:\/\/|mailto:)/iu;

/**
 * The fragment read as XML, in order, with nothing expanded (entities are read by `decodeHTML`,
 * attributes kept as written) and nesting bounded.
 */
const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
  processEntities: false,
  htmlEntities: false,
  maxNestedTags: MARKUP_DEPTH,
});

type MarkupNode = Record<string, unknown> & { '#text'?: string; ':@'?: Record<string, string> };

/** A mark around a run of text, with the run's outer spaces left outside (`** a **` is no emphasis). */
function wrapped(mark: string, inner: string): string {
  const [, before = '', core = '', after = ''] = /^(\s*)([\s\S]*?)(\s*)$/u.exec(inner) ?? [];
  return core ? `${before}${mark}${core}${mark}${after}` : inner;
}

/** A link as markdown: the label's brackets escaped, the address's spaces, brackets and parentheses encoded. */
function markdownLink(label: string, href: string): string {
  const text = (label.trim() ? label : href).replace(/[[\]\\]/gu, (c) => `\\${c}`);
  const destination = href.replace(
    /[\s()<>]/gu,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
  return `[${text}](${destination})`;
}

function render(nodes: readonly MarkupNode[]): string {
  return nodes
    .map((node) => {
      if (typeof node['#text'] === 'string') return decodeHTML(node['#text']);
      const tag = Object.keys(node).find((key) => key !== ':@') ?? '';
      const children = (node[tag] as MarkupNode[] | undefined) ?? [];
      const inner = render(children);
      switch (tag.toLowerCase()) {
        case 'b':
        case 'strong':
          return wrapped('**', inner);
        case 'i':
        case 'em':
          return wrapped('_', inner);
        case 'code':
          return inner.includes('`') ? inner : wrapped('`', inner);
        case 'br':
          return '\n';
        case 'a': {
          const href = decodeHTML(node[':@']?.href ?? '').trim();
          return SAFE_LINK.test(href) && !/\p{Cc}/u.test(href) ? markdownLink(inner, href) : inner;
        }
        default:
          // Markup titles cannot show (underline, colour, a date's <time>…): its text alone.
          return inner;
      }
    })
    .join('');
}

/**
 * An outline's `text` as the light markdown titles render: OPML 2.0 lets `text` hold HTML, and
 * Workflowy writes its formatting so (`<b>`, `<i>`, `<a href>`, with `&lt;` for a typed `<`).
 * Bold becomes `**…**`, italic `_…_`, code `` `…` ``, a link `[label](address)` when its
 * address is http, https or mailto (any other link is its label alone), a line break a new
 * line; other markup keeps only its text, and HTML's entities are read. Text that is not
 * well-formed markup (`a < b`, `Tom & Jerry`, an unclosed `<b>`) is plain text, kept as written.
 */
export function markdownOfOutlineText(text: string): string {
  if (!/[<&]/u.test(text)) return text;
  const fragment = `<r>${text.replace(/<br\s*>/giu, '<br/>')}</r>`;
  if (XMLValidator.validate(fragment) !== true) return text;
  try {
    const [root] = parser.parse(fragment) as [{ r: MarkupNode[] }];
    return render(root.r);
  } catch {
    // Nesting past MARKUP_DEPTH: no formatting is that deep; the text stays as written.
    return text;
  }
}
