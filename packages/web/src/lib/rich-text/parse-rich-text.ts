import { findTags } from '@nestbox/shared/tags/tags';
import type MarkdownItParser from 'markdown-it';
import type { MarkdownIt } from 'markdown-it';
import { useSyncExternalStore } from 'react';

/**
 * A text's light formatting as a tree the app renders to React elements (never to HTML):
 * `**bold**`, `_italic_`, `` `code` ``, `[label](url)`, bare http(s) and mailto: addresses,
 * and `#tags`. Anything else (HTML, images, headings, lists) stays the text it was typed as.
 */
export type RichNode =
  | { kind: 'text'; text: string }
  | { kind: 'tag'; name: string; written: string }
  | { kind: 'code'; text: string }
  | { kind: 'strong' | 'em'; children: RichNode[] }
  | { kind: 'link'; href: string; children: RichNode[] };

/** The only schemes a link may have; anything else (javascript:, data:, vbscript:, file:…) stays text. */
const SAFE_LINK = /^(?:https?:\/\/|mailto:)/i;

/**
 * markdown-it with only the inline rules the app shows: no HTML (`html: false`), so a tag typed
 * in a text is text; links only to http, https and mailto (checked after markdown-it has decoded
 * entities and percent-escapes, so `&#106;avascript:` is refused too).
 */
function inlineParser(Parser: typeof MarkdownItParser): MarkdownIt {
  const parser = new Parser('zero', { html: false, linkify: true, typographer: false });
  parser.enable(['emphasis', 'backticks', 'link', 'linkify', 'escape']);
  parser.linkify.set({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false });
  parser.validateLink = (url) => SAFE_LINK.test(url.trim()) && !/\p{Cc}/u.test(url);
  return parser;
}

/**
 * markdown-it is loaded only once a text needs it (most titles are plain words and tags), so
 * the first screen never waits for it; until then such a text shows as typed, tags as chips.
 */
let md: MarkdownIt | undefined;
let loading: Promise<void> | undefined;
const whenLoaded = new Set<() => void>();

/** Loads the formatting parser (once); screens showing a text that needs it draw again. */
export function loadRichText(): Promise<void> {
  loading ??= import('markdown-it').then(({ default: Parser }) => {
    md = inlineParser(Parser);
    for (const listener of whenLoaded) listener();
  });
  return loading;
}

const subscribe = (listener: () => void) => {
  whenLoaded.add(listener);
  return () => whenLoaded.delete(listener);
};
const isLoaded = () => md !== undefined;

/** Whether the formatting parser is there: a memo of parseRichText depends on it. */
export function useRichTextLoaded(): boolean {
  return useSyncExternalStore(subscribe, isLoaded, isLoaded);
}

/** What only markdown-it can read: emphasis, code, a link, an escape, an address. */
const MARKUP = /[*_`[\\]|:\/\/|mailto:/i;

interface InlineToken {
  type: string;
  content: string;
  attrGet(name: string): string | null;
}

/** The text's `#tags` as chips among its plain parts. */
function withTags(text: string): RichNode[] {
  const nodes: RichNode[] = [];
  let last = 0;
  for (const tag of findTags(text)) {
    if (tag.start > last) nodes.push({ kind: 'text', text: text.slice(last, tag.start) });
    nodes.push({ kind: 'tag', name: tag.name, written: tag.written });
    last = tag.end;
  }
  if (last < text.length) nodes.push({ kind: 'text', text: text.slice(last) });
  return nodes;
}

/**
 * Parses a title into what it shows. The same text always gives the same tree once the parser
 * is loaded (see loadRichText); a text with markup asks for it, and shows as typed meanwhile.
 */
export function parseRichText(text: string): RichNode[] {
  if (!MARKUP.test(text)) return withTags(text);
  if (!md) {
    void loadRichText();
    return withTags(text);
  }
  const [inline] = md.parseInline(text, {});
  const tokens = (inline?.children ?? []) as InlineToken[];
  const root: RichNode[] = [];
  // The open containers (strong, em, link) and whether we are inside a link (no chips there).
  const stack: { children: RichNode[]; inLink: boolean }[] = [{ children: root, inLink: false }];
  const top = () => stack[stack.length - 1] as { children: RichNode[]; inLink: boolean };
  for (const token of tokens) {
    const here = top();
    switch (token.type) {
      case 'text':
        if (here.inLink) here.children.push({ kind: 'text', text: token.content });
        else here.children.push(...withTags(token.content));
        break;
      case 'code_inline':
        here.children.push({ kind: 'code', text: token.content });
        break;
      case 'strong_open':
      case 'em_open': {
        const node: RichNode = { kind: token.type === 'strong_open' ? 'strong' : 'em', children: [] };
        here.children.push(node);
        stack.push({ children: node.children, inLink: here.inLink });
        break;
      }
      case 'link_open': {
        const node: RichNode = { kind: 'link', href: token.attrGet('href') ?? '', children: [] };
        here.children.push(node);
        stack.push({ children: node.children, inLink: true });
        break;
      }
      case 'strong_close':
      case 'em_close':
      case 'link_close':
        if (stack.length > 1) stack.pop();
        break;
      case 'softbreak':
      case 'hardbreak':
        here.children.push({ kind: 'text', text: '\n' });
        break;
      default:
        if (token.content) here.children.push({ kind: 'text', text: token.content });
    }
  }
  return root;
}

/** Whether a tree holds anything a click must reach (a link or a tag chip). */
export function hasInteractive(nodes: readonly RichNode[]): boolean {
  return nodes.some(
    (node) =>
      node.kind === 'link' ||
      node.kind === 'tag' ||
      ((node.kind === 'strong' || node.kind === 'em') && hasInteractive(node.children)),
  );
}

/** The plain text a tree shows (for names and titles): formatting marks left out. */
export function plainText(nodes: readonly RichNode[]): string {
  return nodes
    .map((node) => {
      if (node.kind === 'text' || node.kind === 'code') return node.text;
      if (node.kind === 'tag') return `#${node.written}`;
      return plainText(node.children);
    })
    .join('');
}
