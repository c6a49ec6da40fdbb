import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

export type Element = ReactElement<Record<string, unknown>>;

/** The first element of a tree (searched through every prop) that `match` picks; fails when none. */
export function first(node: ReactNode, match: (element: Element) => boolean): Element {
  const walk = (value: unknown): Element | undefined => {
    if (Array.isArray(value)) return value.map(walk).find(Boolean);
    if (!isValidElement<Record<string, unknown>>(value)) return undefined;
    if (match(value)) return value;
    return Object.values(value.props).map(walk).find(Boolean);
  };
  const found = walk(node);
  if (!found) throw new Error('no such element');
  return found;
}

/**
 * Renders a component's function and hands `keep` what it returned, its elements not yet
 * drawn: rendered inside providers, its hooks run as in any render.
 */
export function Probe({ render, keep }: { render: () => ReactNode; keep: (tree: ReactNode) => void }) {
  keep(render());
  return null;
}

/**
 * What a component returns when rendered (its hooks run as in any render), inside `wrap` (the
 * providers it needs) when given.
 */
export function treeOf(
  render: () => ReactNode,
  wrap: (node: ReactNode) => ReactNode = (node) => node,
): ReactNode {
  let tree: ReactNode = null;
  renderToStaticMarkup(
    wrap(
      <Probe
        render={render}
        keep={(kept) => {
          tree = kept;
        }}
      />,
    ),
  );
  return tree;
}
