import type { Item } from '@nestbox/shared/items/item.schema';
import type { TestApp } from './build-test-app.js';

/**
 * Items to build: each key is a box holding the entries of its list, each string a text.
 * `{ Garden: ['Sow the beans', { Shed: ['Oil the hinges'] }], Kitchen: [] }`; a list at the
 * top builds its entries side by side (`['Pay rent', { Bills: [] }]`).
 */
export type TreeSpec = TreeEntry | readonly TreeEntry[];
export type TreeEntry = string | { readonly [box: string]: readonly TreeEntry[] };

/** Every title a spec names as a literal, boxes and texts alike. */
export type TitlesOf<S> = S extends string
  ? string extends S
    ? never
    : S
  : S extends readonly (infer E)[]
    ? TitlesOf<E>
    : S extends object
      ? { [K in keyof S & string]: (string extends K ? never : K) | TitlesOf<S[K]> }[keyof S & string]
      : never;

/** Whether a spec names a title only known when the test runs (`Array.from(…)`, a `string`). */
type HasRuntimeTitles<S> = S extends string
  ? string extends S
    ? true
    : never
  : S extends readonly (infer E)[]
    ? HasRuntimeTitles<E>
    : S extends object
      ? { [K in keyof S & string]: (string extends K ? true : never) | HasRuntimeTitles<S[K]> }[keyof S &
          string]
      : never;

/** The ids `tree` answers: by every literal title, and by any title if some are only known at run time. */
export type TreeIds<S> = Record<TitlesOf<S>, string> &
  ([HasRuntimeTitles<S>] extends [never] ? unknown : Record<string, string>);

/**
 * Builds `spec` as `user`, through `POST /api/items/create-item`, in the order it is written,
 * under `parent` (the user's Workspace unless given). Answers the new items' ids by title;
 * titles must be unique within the spec.
 */
export async function tree<const S extends TreeSpec>(
  t: TestApp,
  user: { token: string; root: string },
  spec: S,
  parent: string = user.root,
): Promise<TreeIds<S>> {
  const ids: Record<string, string> = {};
  const create = async (parentItemId: string, itemType: 'todoBox' | 'todoText', title: string) => {
    if (title in ids) throw new Error(`tree: the title "${title}" stands twice in the spec`);
    const res = await t.request('/api/items/create-item', {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}` },
      json: { parentItemId, itemType, title },
    });
    if (res.status !== 201)
      throw new Error(`tree: creating "${title}" answered ${res.status} ${await res.text()}`);
    ids[title] = ((await res.json()) as Item)._id;
    return ids[title];
  };
  const build = async (under: string, entries: TreeSpec): Promise<void> => {
    if (typeof entries === 'string') await create(under, 'todoText', entries);
    else if (Array.isArray(entries)) for (const entry of entries) await build(under, entry);
    else {
      for (const [title, inside] of Object.entries(entries as Exclude<TreeEntry, string>)) {
        await build(await create(under, 'todoBox', title), inside);
      }
    }
  };
  await build(parent, spec);
  return ids as TreeIds<S>;
}
