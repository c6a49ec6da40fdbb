import { matchedRanges } from '@nestbox/shared/search/search-query';
import { createContext, type MouseEvent, type ReactNode, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { parseRichText, type RichNode, useRichTextLoaded } from '../../lib/rich-text/parse-rich-text';
import { Highlighted } from './highlighted';
import classes from './rich-text.module.css';

/** What a click on a tag chip does (opens a search pane for it); provided by the app layout. */
export const TagActionContext = createContext<((name: string) => void) | undefined>(undefined);

const NOTHING: readonly string[] = [];

/** A click on a link or chip is theirs alone: the row around them neither edits nor opens. */
const own = (event: MouseEvent) => event.stopPropagation();

interface RenderOptions {
  interactive: boolean;
  openTag: ((name: string) => void) | undefined;
  label: (name: string) => string;
  /** Folded search words whose places in the text's plain parts are marked. */
  highlight: readonly string[];
}

function render(nodes: readonly RichNode[], options: RenderOptions): ReactNode[] {
  const { interactive, openTag, label, highlight } = options;
  return nodes.map((node, index) => {
    const key = index;
    switch (node.kind) {
      case 'text':
        return highlight.length === 0 ? (
          node.text
        ) : (
          <Highlighted key={key} text={node.text} ranges={matchedRanges(node.text, highlight)} />
        );
      case 'code':
        return (
          <code key={key} className={classes.code}>
            {node.text}
          </code>
        );
      case 'strong':
        return <strong key={key}>{render(node.children, options)}</strong>;
      case 'em':
        return <em key={key}>{render(node.children, options)}</em>;
      case 'link':
        return interactive ? (
          <a
            key={key}
            className={classes.link}
            href={node.href}
            target="_blank"
            rel="noopener noreferrer"
            onClick={own}
            onPointerDown={own}
            draggable={false}
          >
            {render(node.children, options)}
          </a>
        ) : (
          <span key={key} className={classes.link} data-link>
            {render(node.children, options)}
          </span>
        );
      case 'tag':
        return interactive && openTag ? (
          <button
            key={key}
            type="button"
            className={classes.tag}
            data-tag={node.name}
            aria-label={label(node.name)}
            onClick={(event) => {
              own(event);
              openTag(node.name);
            }}
            onPointerDown={own}
          >
            #{node.written}
          </button>
        ) : (
          <span key={key} className={classes.tag} data-tag={node.name}>
            #{node.written}
          </span>
        );
      default:
        return null;
    }
  });
}

/**
 * A text as it shows: light formatting, links that open in a new tab and `#tags` as chips
 * (a click opens the tag's search pane). Built as React elements from the parser's tree, so
 * nothing typed ever becomes HTML. `interactive={false}` (inside a button, such as a search
 * result) shows links and chips as marked text. Its direction follows its own first strong
 * letter.
 */
export function RichText({
  text,
  interactive = true,
  highlight = NOTHING,
}: {
  text: string;
  interactive?: boolean;
  /** Search words (folded, as `parseSearchQuery` gives them) to mark where they appear. */
  highlight?: readonly string[];
}) {
  const { t } = useTranslation();
  const openTag = useContext(TagActionContext);
  const loaded = useRichTextLoaded();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the tree changes once the parser is there.
  const nodes = useMemo(() => parseRichText(text), [text, loaded]);
  // <bdi>: a title in Arabic or Hebrew reads right to left inside a left-to-right row, and
  // the reverse, without reordering what is around it.
  const label = (name: string) => t('tags.open', { name });
  return <bdi>{render(nodes, { interactive, openTag, label, highlight })}</bdi>;
}
