import type { AuditPage } from '@nestbox/shared/audit/audit.schema';
import {
  COMMENT_MAX_LENGTH,
  type Comment,
  type CommentList,
  MAX_COMMENTS_PER_ITEM,
} from '@nestbox/shared/comments/comments.schema';
import type { ErrorBody } from '@nestbox/shared/http/error-body';
import { messagesFr } from '@nestbox/shared/i18n/messages.fr';
import type { Item } from '@nestbox/shared/items/item.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../test/api-calls.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import type { SignedInUser } from '../../test/factories.js';
import { createSharingCast, share } from '../../test/sharing.js';
import { connect, nextEvent } from '../../test/socket-client.js';
import { testEngine } from '../../test/test-database.js';
import { tree } from '../../test/tree.js';

describe(`comments on ${testEngine}`, () => {
  let t: TestApp;
  let owner: SignedInUser;
  let editor: SignedInUser;
  let reader: SignedInUser;
  let stranger: SignedInUser;
  let ids: { Garden: string; 'Sow the beans': string; 'Water the roses': string };

  beforeAll(async () => {
    t = await buildTestApp({ now: () => Date.parse('2027-05-04T09:00:00Z') });
    ({ owner, editor, reader, stranger } = await createSharingCast(t));
    ids = await tree(t, owner, { Garden: ['Sow the beans', 'Water the roses'] });
    await share(t, owner, ids.Garden, [
      [editor, 'editor'],
      [reader, 'readonly'],
    ]);
  });
  afterAll(() => t.close());

  const { send, ok } = apiCalls(
    () => t,
    () => owner.token,
  );
  const comment = (itemId: string, body: string, who: SignedInUser = owner) =>
    ok<Comment>('POST', `/api/items/${itemId}/comments`, { body }, who.token);
  const thread = async (itemId: string, who: SignedInUser = owner) =>
    (await ok<CommentList>('GET', `/api/items/${itemId}/comments`, undefined, who.token)).comments;
  const countOf = async (itemId: string, who: SignedInUser = owner) =>
    (await ok<Item>('GET', `/api/items/get-item?itemId=${itemId}`, undefined, who.token)).commentCount;
  const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error.code;

  it('lets every member comment, read-only included, and reads the thread oldest first', async () => {
    const itemId = ids['Sow the beans'];
    const first = await comment(itemId, 'Beans go in **after** the frost', owner);
    expect(first).toMatchObject({
      itemId,
      body: 'Beans go in **after** the frost',
      author: { id: owner.id, name: owner.name },
      createdAt: Date.parse('2027-05-04T09:00:00Z'),
      editedAt: null,
      canEdit: true,
      canDelete: true,
    });
    await comment(itemId, 'I have seeds', editor);
    await comment(itemId, '  Can I help?  ', reader);

    const seenByReader = await thread(itemId, reader);
    expect(seenByReader.map((c) => [c.body, c.author?.name, c.canEdit, c.canDelete])).toEqual([
      ['Beans go in **after** the frost', owner.name, false, false],
      ['I have seeds', editor.name, false, false],
      ['Can I help?', reader.name, true, true],
    ]);
    // An owner may remove anyone's comment, but edits only their own.
    expect((await thread(itemId, owner)).map((c) => [c.canEdit, c.canDelete])).toEqual([
      [true, true],
      [false, true],
      [false, true],
    ]);
    // The count is on the item, for everyone, in the box's listing too.
    expect(await countOf(itemId, reader)).toBe(3);
    const pane = await ok<{ items: Item[] }>('GET', `/api/items/get-items-for-pane?itemId=${ids.Garden}`);
    expect(pane.items.find((item) => item._id === itemId)?.commentCount).toBe(3);
  });

  it('lets only the author edit, marks the edit, and lets the author or an owner delete', async () => {
    const itemId = ids['Water the roses'];
    const mine = await comment(itemId, 'Every morning', editor);
    const res = await send('PATCH', `/api/comments/${mine.id}`, { body: 'Not me' }, owner.token);
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toBe('comments.notYours');

    const edited = await ok<Comment>(
      'PATCH',
      `/api/comments/${mine.id}`,
      { body: 'Every evening' },
      editor.token,
    );
    expect(edited).toMatchObject({ body: 'Every evening', editedAt: Date.parse('2027-05-04T09:00:00Z') });

    // A member who is not its author nor an owner may not delete it.
    const refused = await send('DELETE', `/api/comments/${mine.id}`, undefined, reader.token);
    expect(refused.status).toBe(403);
    expect((await thread(itemId)).map((c) => c.body)).toEqual(['Every evening']);

    const own = await comment(itemId, 'Mine to remove', reader);
    expect((await send('DELETE', `/api/comments/${own.id}`, undefined, reader.token)).status).toBe(204);
    expect(await countOf(itemId)).toBe(1);
  });

  it("records an owner's removal of someone else's comment in the audit trail, not of their own", async () => {
    const itemId = ids['Water the roses'];
    const theirs = await comment(itemId, 'Off topic', editor);
    const mine = await comment(itemId, 'My own', owner);
    expect((await send('DELETE', `/api/comments/${mine.id}`)).status).toBe(204);
    expect((await send('DELETE', `/api/comments/${theirs.id}`)).status).toBe(204);
    const audit = await ok<AuditPage>('GET', '/api/users/audit');
    const removals = audit.events.filter((event) => event.type === 'comments.removed');
    expect(removals.map((event) => event.details)).toEqual([{ itemId, authorId: editor.id }]);
  });

  it('answers 404 to a stranger for the thread, a new comment, an edit and a delete, changing nothing', async () => {
    const itemId = ids['Sow the beans'];
    const [first] = await thread(itemId);
    const before = await thread(itemId);
    for (const [method, path, body] of [
      ['GET', `/api/items/${itemId}/comments`, undefined],
      ['POST', `/api/items/${itemId}/comments`, { body: 'Hello' }],
      ['PATCH', `/api/comments/${first?.id}`, { body: 'Hello' }],
      ['DELETE', `/api/comments/${first?.id}`, undefined],
    ] as const) {
      const res = await send(method, path, body, stranger.token);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    // A comment that does not exist reads the same as one on an unseen item.
    const gone = await send('PATCH', `/api/comments/${crypto.randomUUID()}`, { body: 'x' }, owner.token);
    expect(gone.status).toBe(404);
    expect(await errorOf(gone)).toBe('comments.notFound');
    expect(await thread(itemId)).toEqual(before);
  });

  it('takes a member removed from the box out of the thread at once', async () => {
    const [box] = Object.values(await tree(t, owner, { Shed: ['Oil the hinges'] }));
    const inner = (await ok<{ items: Item[] }>('GET', `/api/items/get-items-for-pane?itemId=${box}`))
      .items[0];
    await share(t, owner, box as string, [[editor, 'editor']]);
    const theirs = await comment(inner?._id as string, 'On it', editor);
    await ok('DELETE', `/api/items/remove-association?itemId=${box}&userId=${editor.id}`);
    expect((await send('GET', `/api/items/${inner?._id}/comments`, undefined, editor.token)).status).toBe(
      404,
    );
    expect((await send('PATCH', `/api/comments/${theirs.id}`, { body: 'x' }, editor.token)).status).toBe(404);
    expect((await send('DELETE', `/api/comments/${theirs.id}`, undefined, editor.token)).status).toBe(404);
  });

  it('refuses a blank, an over-long or a NUL-bearing comment with a translated message', async () => {
    const itemId = ids['Sow the beans'];
    const before = await countOf(itemId);
    for (const [body, key] of [
      ['   ', 'comments.required'],
      ['x'.repeat(COMMENT_MAX_LENGTH + 1), 'comments.tooLong'],
      ['a\u0000b', 'validation.invalidValue'],
    ] as const) {
      const res = await t.request(`/api/items/${itemId}/comments`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.token}`, 'accept-language': 'fr' },
        json: { body },
      });
      expect(res.status).toBe(400);
      const { error } = (await res.json()) as ErrorBody;
      expect(error.fields?.body).toBe(messagesFr[key]);
    }
    expect(await countOf(itemId)).toBe(before);
  });

  it('refuses a comment past the most an item may hold (409), keeping the count', async () => {
    const [itemId] = Object.values(await tree(t, owner, { 'Busy thread': [] }));
    const at = Date.parse('2027-05-04T09:00:00Z');
    await t.database.db
      .insertInto('comments')
      .values(
        Array.from({ length: MAX_COMMENTS_PER_ITEM }, (_, i) => ({
          id: crypto.randomUUID(),
          item_id: itemId as string,
          author_id: owner.id,
          body: `Comment ${i}`,
          created_at: at + i,
          edited_at: null,
        })),
      )
      .execute();
    await t.database.db
      .updateTable('items')
      .set({ comment_count: MAX_COMMENTS_PER_ITEM })
      .where('id', '=', itemId as string)
      .execute();
    const res = await send('POST', `/api/items/${itemId}/comments`, { body: 'One more' });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toBe('comments.tooMany');
    expect(await countOf(itemId as string)).toBe(MAX_COMMENTS_PER_ITEM);
  });

  it('tells everyone who sees the item: the thread changed, and its count', async () => {
    const itemId = ids['Sow the beans'];
    const readerSocket = await connect(t.baseUrl, reader.token);
    const strangerSocket = await connect(t.baseUrl, stranger.token);
    try {
      const changed = nextEvent(readerSocket, 'comments:changed');
      const counted = nextEvent(readerSocket, 'UPDATE_ITEM');
      // The stranger's first thread event is of their own item: they heard nothing before it.
      const strangersFirst = nextEvent(strangerSocket, 'comments:changed');
      const before = await countOf(itemId);
      const added = await comment(itemId, 'Live', editor);
      expect(await changed).toMatchObject({ itemId });
      expect(await counted).toMatchObject({ itemId, updatedFields: { commentCount: before + 1 } });

      // An edit changes the thread, not the count.
      const edited = nextEvent(readerSocket, 'comments:changed');
      await ok('PATCH', `/api/comments/${added.id}`, { body: 'Live, edited' }, editor.token);
      expect(await edited).toMatchObject({ itemId });
      await comment(stranger.root, 'On my own Workspace', stranger);
      expect(await strangersFirst).toMatchObject({ itemId: stranger.root });
    } finally {
      readerSocket.disconnect();
      strangerSocket.disconnect();
    }
  });

  it('takes an item’s comments with it when it is deleted', async () => {
    const [itemId] = Object.values(await tree(t, owner, { 'Short-lived': [] }));
    await comment(itemId as string, 'Soon gone');
    await t.database.db
      .deleteFrom('items')
      .where('id', '=', itemId as string)
      .execute();
    const left = await t.database.db
      .selectFrom('comments')
      .select('id')
      .where('item_id', '=', itemId as string)
      .execute();
    expect(left).toEqual([]);
  });
});
