import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { createUser, rootBoxOf, tokenFor } from './factories.js';
import { tree } from './tree.js';

export type Role = 'owner' | 'editor' | 'readonly' | 'stranger' | 'anonymous';
export const ROLES: Role[] = ['owner', 'editor', 'readonly', 'stranger', 'anonymous'];

/** Fresh items for one call: a box shared with the editor and the readonly member, and what is inside it. */
export interface Fixture {
  box: string;
  text: string;
  innerBox: string;
  archived: string;
  ownerRoot: string;
  userIds: Record<'editor' | 'readonly' | 'stranger', string>;
}

/** Stands in for a fixture where only a call's method is wanted. */
export const EXAMPLE_FIXTURE: Fixture = {
  box: 'b',
  text: 't',
  innerBox: 'i',
  archived: 'a',
  ownerRoot: 'r',
  userIds: { editor: 'e', readonly: 'o', stranger: 's' },
};

/** A multipart body with one file in the field `file`, as the upload route takes it. */
function fileForm(name: string, text: string): FormData {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/plain' }), name);
  return form;
}

export type Call = (f: Fixture) => {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
};

export const READ = { owner: 200, editor: 200, readonly: 200, stranger: 404, anonymous: 401 };
export const EDIT = { owner: 200, editor: 200, readonly: 403, stranger: 404, anonymous: 401 };
export const CREATE = { ...EDIT, owner: 201, editor: 201 };
export const SHARE = { owner: 200, editor: 403, readonly: 403, stranger: 404, anonymous: 401 };
/** A Workspace is never shared: its owner gets 400, and to everyone else it does not exist. */
export const WORKSPACE_SHARE = { owner: 400, editor: 404, readonly: 404, stranger: 404, anonymous: 401 };

/**
 * How each person calls: with their session, or with a personal API token of theirs. A write
 * token may do what the session may; a read token only reads (every write is 403 for anyone
 * signed in, before their rights on the item are looked at).
 */
export type Credential = 'session' | 'read token' | 'write token';
export const CREDENTIALS: Credential[] = ['session', 'read token', 'write token'];

export function expectedWith(
  credential: Credential,
  method: string,
  expected: Record<Role, number>,
): Record<Role, number> {
  if (credential !== 'read token' || method === 'GET') return expected;
  return { owner: 403, editor: 403, readonly: 403, stranger: 403, anonymous: 401 };
}

/**
 * Every item and sharing endpoint × {owner, editor, readonly, stranger, logged out}: the
 * status each must get, denials included. Strangers always get 404, never 403.
 */
export const MATRIX: [string, Call, Record<Role, number>][] = [
  ['get-item', (f) => ({ method: 'GET', path: `/api/items/get-item?itemId=${f.text}` }), READ],
  [
    'get-items-for-pane',
    (f) => ({ method: 'GET', path: `/api/items/get-items-for-pane?itemId=${f.box}` }),
    READ,
  ],
  [
    'get-number-of-child-items',
    (f) => ({ method: 'GET', path: `/api/items/get-number-of-child-items?itemId=${f.box}` }),
    READ,
  ],
  [
    'get-users-associated',
    (f) => ({ method: 'GET', path: `/api/items/get-users-associated?itemId=${f.box}` }),
    READ,
  ],
  [
    'get-inherited-shares',
    (f) => ({ method: 'GET', path: `/api/items/get-inherited-shares?itemId=${f.text}` }),
    READ,
  ],
  [
    'update-item (personal star)',
    (f) => ({ method: 'PUT', path: '/api/items/update-item', body: { itemId: f.text, favourited: true } }),
    READ,
  ],
  [
    'update-priority (personal rank)',
    (f) => ({ method: 'PUT', path: '/api/items/update-priority', body: { itemId: f.text, priority: 5 } }),
    READ,
  ],
  [
    'create-pane',
    (f) => ({ method: 'POST', path: '/api/items/create-pane', body: { pos: 0, itemId: f.box } }),
    READ,
  ],
  [
    'replace-in-workspace',
    (f) => ({ method: 'PUT', path: '/api/items/replace-in-workspace', body: { pos: 0, itemId: f.box } }),
    READ,
  ],
  [
    'create-item',
    (f) => ({
      method: 'POST',
      path: '/api/items/create-item',
      body: { parentItemId: f.box, itemType: 'todoText', title: 'x' },
    }),
    CREATE,
  ],
  [
    'save-box-item',
    (f) => ({
      method: 'POST',
      path: '/api/items/save-box-item',
      body: { itemId: f.innerBox, title: 'Renamed' },
    }),
    EDIT,
  ],
  [
    'save-text-item',
    (f) => ({
      method: 'POST',
      path: '/api/items/save-text-item',
      body: { itemId: f.text, title: 'changed' },
    }),
    EDIT,
  ],
  [
    'update-setting',
    (f) => ({
      method: 'PUT',
      path: '/api/items/update-setting',
      body: { itemId: f.box, settingKey: 'showCompletedItems', settingValue: true },
    }),
    EDIT,
  ],
  [
    'update-item (target date)',
    (f) => ({
      method: 'PUT',
      path: '/api/items/update-item',
      body: { itemId: f.text, priorityTargetDate: 1_900_000_000_000 },
    }),
    EDIT,
  ],
  [
    'update-priority (target date)',
    (f) => ({
      method: 'PUT',
      path: '/api/items/update-priority',
      body: { itemId: f.text, priority: 5, priorityTargetDate: 1 },
    }),
    EDIT,
  ],
  ['complete', (f) => ({ method: 'PUT', path: '/api/items/complete', body: { itemId: f.text } }), EDIT],
  ['uncomplete', (f) => ({ method: 'PUT', path: '/api/items/uncomplete', body: { itemId: f.text } }), EDIT],
  ['archive', (f) => ({ method: 'DELETE', path: `/api/items/archive?itemId=${f.text}` }), EDIT],
  [
    'unarchive',
    (f) => ({
      method: 'PUT',
      path: '/api/items/unarchive',
      body: { itemId: f.archived, parentItemId: f.box },
    }),
    EDIT,
  ],
  [
    'auto-archive',
    (f) => ({
      method: 'PUT',
      path: '/api/items/auto-archive',
      body: { itemId: f.text, amount: 1, duration: 'days' },
    }),
    EDIT,
  ],
  [
    'set-note',
    (f) => ({ method: 'PUT', path: '/api/items/set-note', body: { itemId: f.text, note: 'A **note**' } }),
    EDIT,
  ],
  ['comments', (f) => ({ method: 'GET', path: `/api/items/${f.text}/comments` }), READ],
  ['history', (f) => ({ method: 'GET', path: `/api/items/${f.text}/history` }), READ],
  ['attachments', (f) => ({ method: 'GET', path: `/api/items/${f.text}/attachments` }), READ],
  // Attaching a file is editing; the body is multipart, one file.
  [
    'attach-file',
    (f) => ({
      method: 'POST',
      path: `/api/items/${f.text}/attachments`,
      body: fileForm('notes.txt', 'A note'),
    }),
    CREATE,
  ],
  [
    'attachments-usage',
    () => ({ method: 'GET', path: '/api/users/attachments-usage' }),
    { ...READ, stranger: 200 },
  ],
  ['comment-people', (f) => ({ method: 'GET', path: `/api/items/${f.text}/comments/people` }), READ],
  // Commenting is not editing: a read-only member comments too.
  [
    'add-comment',
    (f) => ({ method: 'POST', path: `/api/items/${f.text}/comments`, body: { body: 'A comment' } }),
    { ...READ, owner: 201, editor: 201, readonly: 201 },
  ],
  [
    'move-to-new-parent',
    (f) => ({
      method: 'PUT',
      path: '/api/items/move-to-new-parent',
      body: { itemId: f.text, newParentItemId: f.innerBox },
    }),
    EDIT,
  ],
  [
    'move-within-pane',
    (f) => ({
      method: 'PUT',
      path: '/api/items/move-within-pane',
      body: {
        droppableItemId: f.box,
        draggableItemId: f.text,
        itemIdAdjacentToDrop: f.innerBox,
        beforeAfter: 'before',
      },
    }),
    EDIT,
  ],
  [
    'move-between-panes',
    (f) => ({
      method: 'PUT',
      path: '/api/items/move-between-panes',
      body: { draggableItemId: f.text, sourceDroppableItemId: f.box, destDroppableItemId: f.innerBox },
    }),
    EDIT,
  ],
  [
    'associate-user',
    (f) => ({
      method: 'PUT',
      path: '/api/items/associate-user',
      body: { itemId: f.box, userId: f.userIds.stranger },
    }),
    SHARE,
  ],
  [
    'update-ownership',
    (f) => ({
      method: 'PUT',
      path: '/api/items/update-ownership',
      body: { itemId: f.box, userId: f.userIds.editor, ownershipId: 'owner' },
    }),
    SHARE,
  ],
  [
    'remove-association',
    (f) => ({
      method: 'DELETE',
      path: `/api/items/remove-association?itemId=${f.box}&userId=${f.userIds.readonly}`,
    }),
    SHARE,
  ],
  [
    'associate-user (Workspace)',
    (f) => ({
      method: 'PUT',
      path: '/api/items/associate-user',
      body: { itemId: f.ownerRoot, userId: f.userIds.stranger, ownershipId: 'owner' },
    }),
    WORKSPACE_SHARE,
  ],
  [
    'update-ownership (Workspace)',
    (f) => ({
      method: 'PUT',
      path: '/api/items/update-ownership',
      body: { itemId: f.ownerRoot, userId: f.userIds.editor, ownershipId: 'owner' },
    }),
    WORKSPACE_SHARE,
  ],
  [
    'remove-association (Workspace)',
    (f) => ({
      method: 'DELETE',
      path: `/api/items/remove-association?itemId=${f.ownerRoot}&userId=${f.userIds.editor}`,
    }),
    WORKSPACE_SHARE,
  ],
  // Reminders: anyone who can read an item keeps their own reminders on it.
  [
    'create-item-reminder',
    (f) => ({ method: 'POST', path: `/api/reminders/create-item-reminder?itemId=${f.text}` }),
    READ,
  ],
  [
    'get-item-reminders',
    (f) => ({ method: 'GET', path: `/api/reminders/get-item-reminders?itemId=${f.text}` }),
    READ,
  ],
  // Upcoming lists what the caller sees: anyone signed in reads their own, nobody else's.
  ['upcoming', () => ({ method: 'GET', path: '/api/upcoming' }), { ...READ, stranger: 200 }],
];

/**
 * The matrix's server and cast, set up once per file (beforeAll): the owner, editor, readonly
 * member and stranger, each with a session and a read and a write API token. `fixture` makes
 * fresh items for a call; `as` calls as a role with one of its credentials.
 */
export function matrixCast() {
  let t: TestApp | undefined;
  const app = () => {
    if (!t) throw new Error('the matrix app is not built yet');
    return t;
  };
  const tokens: Partial<Record<Role, string>> = {};
  const apiTokens: Record<Exclude<Credential, 'session'>, Partial<Record<Role, string>>> = {
    'read token': {},
    'write token': {},
  };
  const ids = {} as Record<'owner' | 'editor' | 'readonly' | 'stranger', string>;

  beforeAll(async () => {
    t = await buildTestApp();
    for (const role of ['owner', 'editor', 'readonly', 'stranger'] as const) {
      const user = await createUser(app().database.db, { name: role });
      ids[role] = user.id;
      tokens[role] = await tokenFor(app().secrets.jwtSecret, user);
      for (const scope of ['read', 'write'] as const) {
        const made = await app().request('/api/tokens', {
          method: 'POST',
          headers: { authorization: `Bearer ${tokens[role]}` },
          json: { name: `${role} ${scope}`, scope },
        });
        apiTokens[`${scope} token`][role] = ((await made.json()) as { token: string }).token;
      }
    }
  });
  afterAll(() => t?.close());

  async function as<T>(
    role: Role,
    method: string,
    path: string,
    body?: unknown,
    credential: Credential = 'session',
  ): Promise<{ status: number; json: T }> {
    const bearer = credential === 'session' ? tokens[role] : apiTokens[credential][role];
    const res = await app().request(path, {
      method,
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
      ...(body === undefined ? {} : body instanceof FormData ? { body } : { json: body }),
    });
    return { status: res.status, json: (await res.json()) as T };
  }

  async function fixture(): Promise<Fixture> {
    const ownerRoot = await rootBoxOf(app().database.db, ids.owner);
    const made = await tree(
      app(),
      { token: tokens.owner ?? '', root: ownerRoot },
      {
        Shared: ['task', { Inner: [] }, 'old'],
      },
    );
    const [box, text, innerBox, archived] = [made.Shared, made.task, made.Inner, made.old];
    await as('owner', 'DELETE', `/api/items/archive?itemId=${archived}`);
    await as('owner', 'PUT', '/api/items/associate-user', {
      itemId: box,
      userId: ids.editor,
      ownershipId: 'editor',
    });
    await as('owner', 'PUT', '/api/items/associate-user', {
      itemId: box,
      userId: ids.readonly,
      ownershipId: 'readonly',
    });
    return {
      box,
      text,
      innerBox,
      archived,
      ownerRoot,
      userIds: { editor: ids.editor, readonly: ids.readonly, stranger: ids.stranger },
    };
  }

  return { as, fixture, ids };
}

/**
 * Every call of the matrix with one credential, as each role, an `it` per call. A call that
 * changed nothing (refused, or a read) leaves the items as they were, so the next role calls
 * on the same ones; after a write that succeeded, the next role gets fresh items.
 */
export function describeMatrix(credential: Credential, cast: ReturnType<typeof matrixCast>) {
  describe(`with a ${credential}`, () => {
    for (const [name, call, matrixExpected] of MATRIX) {
      const expected = expectedWith(credential, call(EXAMPLE_FIXTURE).method, matrixExpected);
      it(`${name}: ${ROLES.map((role) => `${role} ${expected[role]}`).join(', ')}`, async () => {
        let items = await cast.fixture();
        for (const role of ROLES) {
          const { method, path, body } = call(items);
          const { status } = await cast.as(role, method, path, body, credential);
          expect(status, `${name} as ${role} with a ${credential}`).toBe(expected[role]);
          if (method !== 'GET' && status < 300) items = await cast.fixture();
        }
      });
    }
  });
}
