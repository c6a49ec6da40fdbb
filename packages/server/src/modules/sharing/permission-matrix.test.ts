import { describe, expect, it } from 'vitest';
import { describeMatrix, matrixCast, ROLES, type Role } from '../../test/permission-matrix.js';
import { testEngine } from '../../test/test-database.js';

/**
 * Every item and sharing endpoint × {owner, editor, readonly, stranger, logged out} with a
 * session (test/permission-matrix.ts; the API tokens' runs are files of their own, so the
 * three run side by side), and what the abilities, reminders and levels add to it.
 */
describe(`permission matrix on ${testEngine}`, () => {
  const cast = matrixCast();
  const { as, fixture, ids } = cast;
  describeMatrix('session', cast);

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
