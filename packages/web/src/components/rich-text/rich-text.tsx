import { createContext, type MouseEvent, type ReactNode, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { parseRichText, type RichNode, useRichTextLoaded } from '../../lib/rich-text/parse-rich-text';
import classes from './rich-text.module.css';

/** What a click on a tag chip does (opens a search pane for it); provided by the app layout. */
export const TagActionContext = createContext<((name: string) => void) | undefined>(undefined);

/** A click on a link or chip is theirs alone: the row around them neither edits nor opens. */
const own = (event: MouseEvent) => event.stopPropagation();

function render(
  nodes: readonly RichNode[],
  interactive: boolean,
  openTag: ((name: string) => void) | undefined,
  label: (name: string) => string,
): ReactNode[] {
  return nodes.map((node, index) => {
    const key = index;
    switch (node.kind) {
      case 'text':
        return node.text;
      case 'code':
        return (
          <code key={key} className={classes.code}>
            {node.text}
          </code>
        );
      case 'strong':
        return <strong key={key}>{render(node.children, interactive, openTag, label)}</strong>;
      case 'em':
        return <em key={key}>{render(node.children, interactive, openTag, label)}</em>;
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
            {render(node.children, interactive, openTag, label)}
          </a>
        ) : (
          <span key={key} className={classes.link} data-link>
            {render(node.children, interactive, openTag, label)}
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
 * result) shows links and chips as marked text.
 */
export function RichText({ text, interactive = true }: { text: string; interactive?: boolean }) {
  const { t } = useTranslation();
  const openTag = useContext(TagActionContext);
  const loaded = useRichTextLoaded();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the tree changes once the parser is there.
  const nodes = useMemo(() => parseRichText(text), [text, loaded]);
  return <>{render(nodes, interactive, openTag, (name) => t('tags.open', { name }))}</>;
}
