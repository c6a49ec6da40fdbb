import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createUser, rootBoxOf, tokenFor } from '../../test/factories.js';
import { testEngine } from '../../test/test-database.js';
import { tree } from '../../test/tree.js';

type Role = 'owner' | 'editor' | 'readonly' | 'stranger' | 'anonymous';
const ROLES: Role[] = ['owner', 'editor', 'readonly', 'stranger', 'anonymous'];

/** Fresh items for one call: a box shared with the editor and the readonly member, and what is inside it. */
interface Fixture {
  box: string;
  text: string;
  innerBox: string;
  archived: string;
  ownerRoot: string;
  userIds: Record<'editor' | 'readonly' | 'stranger', string>;
}

/** Stands in for a fixture where only a call's method is wanted. */
const EXAMPLE_FIXTURE: Fixture = {
  box: 'b',
  text: 't',
  innerBox: 'i',
  archived: 'a',
  ownerRoot: 'r',
  userIds: { editor: 'e', readonly: 'o', stranger: 's' },
};

type Call = (f: Fixture) => { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; body?: unknown };

const READ = { owner: 200, editor: 200, readonly: 200, stranger: 404, anonymous: 401 };
const EDIT = { owner: 200, editor: 200, readonly: 403, stranger: 404, anonymous: 401 };
const CREATE = { ...EDIT, owner: 201, editor: 201 };
const SHARE = { owner: 200, editor: 403, readonly: 403, stranger: 404, anonymous: 401 };
/** A Workspace is never shared: its owner gets 400, and to everyone else it does not exist. */
const WORKSPACE_SHARE = { owner: 400, editor: 404, readonly: 404, stranger: 404, anonymous: 401 };

/**
 * How each person calls: with their session, or with a personal API token of theirs. A write
 * token may do what the session may; a read token only reads (every write is 403 for anyone
 * signed in, before their rights on the item are looked at).
 */
type Credential = 'session' | 'read token' | 'write token';
const CREDENTIALS: Credential[] = ['session', 'read token', 'write token'];

function expectedWith(
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
const MATRIX: [string, Call, Record<Role, number>][] = [
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

describe(`permission matrix on ${testEngine}`, () => {
  let t: TestApp;
  const tokens: Partial<Record<Role, string>> = {};
  const apiTokens: Record<Exclude<Credential, 'session'>, Partial<Record<Role, string>>> = {
    'read token': {},
    'write token': {},
  };
  const ids = {} as Record<'owner' | 'editor' | 'readonly' | 'stranger', string>;

  beforeAll(async () => {
    t = await buildTestApp();
    for (const role of ['owner', 'editor', 'readonly', 'stranger'] as const) {
      const user = await createUser(t.database.db, { name: role });
      ids[role] = user.id;
      tokens[role] = await tokenFor(t.secrets.jwtSecret, user);
      for (const scope of ['read', 'write'] as const) {
        const made = await t.request('/api/tokens', {
          method: 'POST',
          headers: { authorization: `Bearer ${tokens[role]}` },
          json: { name: `${role} ${scope}`, scope },
        });
        apiTokens[`${scope} token`][role] = ((await made.json()) as { token: string }).token;
      }
    }
  });
  afterAll(() => t.close());

  async function as<T>(
    role: Role,
    method: string,
    path: string,
    body?: unknown,
    credential: Credential = 'session',
  ): Promise<{ status: number; json: T }> {
    const bearer = credential === 'session' ? tokens[role] : apiTokens[credential][role];
    const res = await t.request(path, {
      method,
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
      ...(body === undefined ? {} : { json: body }),
    });
    return { status: res.status, json: (await res.json()) as T };
  }

  async function fixture(): Promise<Fixture> {
    const ownerRoot = await rootBoxOf(t.database.db, ids.owner);
    const made = await tree(
      t,
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

  for (const credential of CREDENTIALS) {
    describe(`with a ${credential}`, () => {
      for (const [name, call, matrixExpected] of MATRIX) {
        const expected = expectedWith(credential, call(EXAMPLE_FIXTURE).method, matrixExpected);
        it(`${name}: ${ROLES.map((role) => `${role} ${expected[role]}`).join(', ')}`, async () => {
          for (const role of ROLES) {
            const { method, path, body } = call(await fixture());
            const { status } = await as(role, method, path, body, credential);
            expect(status, `${name} as ${role} with a ${credential}`).toBe(expected[role]);
          }
        });
      }
    });
  }

  // The abilities each item carries say, for the web app, what the matrix above allows.
  it('presents on every item what its caller may do, as the policy decides it', async () => {
    const f = await fixture();
    const abilitiesOf = async (role: Role, itemId: string) =>
      (await as<{ abilities: Record<string, boolean> }>(role, 'GET', `/api/items/get-item?itemId=${itemId}`))
        .json.abilities;
    const all = {
      edit: true,
      archive: true,
      move: true,
      share: true,
      changeLevels: true,
      setReminders: true,
    };
    expect(await abilitiesOf('owner', f.text)).toEqual({ ...all, prioritize: true });
    expect(await abilitiesOf('editor', f.text)).toEqual({
      ...all,
      share: false,
      changeLevels: false,
      prioritize: true,
    });
    // Prioritizable and reminders are personal: a reader has them too, and nothing else.
    expect(await abilitiesOf('readonly', f.text)).toEqual({
      edit: false,
      archive: false,
      move: false,
      share: false,
      changeLevels: false,
      prioritize: true,
      setReminders: true,
    });
    // Only texts rank; a Workspace is never archived, moved or shared, but takes new items.
    expect((await abilitiesOf('owner', f.innerBox)).prioritize).toBe(false);
    expect(await abilitiesOf('owner', f.ownerRoot)).toEqual({
      edit: true,
      archive: false,
      move: false,
      share: false,
      changeLevels: false,
      prioritize: false,
      setReminders: true,
    });
  });

  // Reminders: each member manages only their own; someone else's reminder is 404.
  it('lets owner, editor and readonly manage their own reminders, and nobody else’s', async () => {
    const f = await fixture();
    const mine: Partial<Record<Role, string>> = {};
    for (const role of ['owner', 'editor', 'readonly'] as const) {
      const created = await as<{ data: string }>(
        role,
        'POST',
        `/api/reminders/create-item-reminder?itemId=${f.text}`,
      );
      expect(created.status, role).toBe(200);
      mine[role] = created.json.data;
    }
    const calls = (id: string) =>
      [
        [
          'PUT',
          `/api/reminders/update-item-reminder?reminderId=${id}&numberOf=2&unit=hours&beforeAfterOn=after`,
        ],
        ['PUT', '/api/reminders/dismiss-future-events', { reminderId: id }],
        ['DELETE', `/api/reminders/remove-item-reminder?reminderId=${id}`],
      ] as const;
    for (const role of ['owner', 'editor', 'readonly'] as const) {
      const id = mine[role] ?? '';
      const others = ROLES.filter((r) => r !== role);
      for (const [method, path, body] of calls(id)) {
        for (const other of others) {
          const { status } = await as(other, method, path, body);
          expect(status, `${method} ${path} as ${other}`).toBe(other === 'anonymous' ? 401 : 404);
        }
        expect((await as(role, method, path, body)).status, `${path} as ${role}`).toBe(200);
      }
    }
    // Losing access to the item ends access to one's reminders on it.
    const again = await as<{ data: string }>(
      'editor',
      'POST',
      `/api/reminders/create-item-reminder?itemId=${f.text}`,
    );
    await as('owner', 'DELETE', `/api/items/remove-association?itemId=${f.box}&userId=${ids.editor}`);
    expect(
      (await as('editor', 'DELETE', `/api/reminders/remove-item-reminder?reminderId=${again.json.data}`))
        .status,
    ).toBe(404);
  });

  it('never lets a member raise a level, and ends access on removal', async () => {
    const f = await fixture();
    expect(
      (
        await as('editor', 'PUT', '/api/items/update-ownership', {
          itemId: f.box,
          userId: ids.editor,
          ownershipId: 'owner',
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await as('readonly', 'PUT', '/api/items/associate-user', {
          itemId: f.text,
          userId: ids.stranger,
          ownershipId: 'owner',
        })
      ).status,
    ).toBe(403);
    const links = await as<{ userId: string; ownershipId: string }[]>(
      'owner',
      'GET',
      `/api/items/get-users-associated?itemId=${f.box}`,
    );
    expect(links.json.map((l) => l.ownershipId).sort()).toEqual(['editor', 'owner', 'readonly']);
    await as('owner', 'DELETE', `/api/items/remove-association?itemId=${f.box}&userId=${ids.editor}`);
    expect((await as('editor', 'GET', `/api/items/get-item?itemId=${f.text}`)).status).toBe(404);
    expect(
      (await as('editor', 'POST', '/api/items/save-text-item', { itemId: f.text, title: 'still here?' }))
        .status,
    ).toBe(404);
  });
});
