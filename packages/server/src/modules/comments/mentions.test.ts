import type { Comment, MentionablePeople } from '@nestbox/shared/comments/comments.schema';
import type { ErrorBody } from '@nestbox/shared/http/error-body';
import { messagesFr } from '@nestbox/shared/i18n/messages.fr';
import type { ReminderEventsPage } from '@nestbox/shared/reminders/reminder.schema';
import { itemLinkPath } from '@nestbox/shared/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../test/api-calls.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createSignedInUser, type SignedInUser } from '../../test/factories.js';
import { createSharingCast, share } from '../../test/sharing.js';
import { type SmtpCapture, startSmtpCapture } from '../../test/smtp-capture.js';
import { type ClientSocket, connect, nextEvent } from '../../test/socket-client.js';
import { testEngine } from '../../test/test-database.js';
import { tree } from '../../test/tree.js';

const AT = Date.parse('2027-05-04T09:00:00Z');

describe(`mentions in comments on ${testEngine}`, () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let owner: SignedInUser;
  let editor: SignedInUser;
  let reader: SignedInUser;
  let stranger: SignedInUser;
  let ids: { Garden: string; 'Sow the beans': string; 'Water the roses': string };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await buildTestApp({ env: { SMTP_URL: smtp.url }, now: () => AT });
    ({ owner, editor, reader, stranger } = await createSharingCast(t));
    ids = await tree(t, owner, { Garden: ['Sow the beans', 'Water the roses'] });
    await share(t, owner, ids.Garden, [
      [editor, 'editor'],
      [reader, 'readonly'],
    ]);
    // The reader asked for reminder e-mails; the editor did not.
    await ok('PUT', '/api/admin/users/update-customizations', { reminderEmails: true }, reader.token);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const { send, ok } = apiCalls(
    () => t,
    () => owner.token,
  );
  const comment = (itemId: string, body: string, mentions: string[], who: SignedInUser = owner) =>
    ok<Comment>('POST', `/api/items/${itemId}/comments`, { body, mentions }, who.token);
  const unread = async (who: SignedInUser) =>
    (await ok<{ count: number }>('GET', '/api/reminders/unread-count', undefined, who.token)).count;
  const list = (who: SignedInUser) =>
    ok<ReminderEventsPage>('POST', '/api/reminders/get-reminder-events', { unreadOnly: false }, who.token);
  const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error;

  it('offers everyone else who sees the item, by name, and nobody to a stranger', async () => {
    const { people } = await ok<MentionablePeople>(
      'GET',
      `/api/items/${ids['Sow the beans']}/comments/people`,
      undefined,
      reader.token,
    );
    expect(people.map((person) => person.id).sort()).toEqual([owner.id, editor.id].sort());
    expect(people.find((person) => person.id === owner.id)?.name).toBe(owner.name);
    const res = await send(
      'GET',
      `/api/items/${ids['Sow the beans']}/comments/people`,
      undefined,
      stranger.token,
    );
    expect(res.status).toBe(404);
  });

  it('puts a mention in each named person’s list and badge, live, and e-mails those who asked', async () => {
    const itemId = ids['Sow the beans'];
    const readerSocket: ClientSocket = await connect(t.baseUrl, reader.token);
    const editorSocket: ClientSocket = await connect(t.baseUrl, editor.token);
    try {
      const readerCount = nextEvent(readerSocket, 'reminders:unread-count');
      const editorCount = nextEvent(editorSocket, 'reminders:unread-count');
      const mailsBefore = smtp.countTo(reader.email);
      const written = await comment(
        itemId,
        `@${editor.name} and @${reader.name}: beans **after** the frost`,
        [editor.id, reader.id, owner.id],
      );
      // Naming oneself is no mention.
      expect(written.mentions.map((person) => person.id).sort()).toEqual([editor.id, reader.id].sort());
      expect(await readerCount).toEqual({ count: 1 });
      expect(await editorCount).toEqual({ count: 1 });
      expect(await unread(owner)).toBe(0);

      const [event] = (await list(reader)).events;
      expect(event).toMatchObject({
        kind: 'mention',
        itemId,
        reminderId: null,
        title: 'Sow the beans',
        reminderEventDate: AT,
        reminderInfo: `${owner.name} mentioned you`,
        unread: true,
        accessible: true,
        mention: {
          commentId: written.id,
          by: owner.name,
          excerpt: `@${editor.name} and @${reader.name}: beans **after** the frost`,
        },
      });
      const mail = await smtp.lastMessageTo(reader.email, mailsBefore);
      expect(mail.subject).toBe(`${owner.name} mentioned you on "Sow the beans"`);
      expect(mail.text).toContain('beans **after** the frost');
      expect(mail.text).toContain(itemLinkPath(itemId));

      // Read, the badge drops, live.
      const dropped = nextEvent(readerSocket, 'reminders:unread-count');
      expect(
        await ok('PUT', '/api/reminders/mark-events-read', { remindersEventIds: [event?._id] }, reader.token),
      ).toEqual({ count: 0 });
      expect(await dropped).toEqual({ count: 0 });
    } finally {
      readerSocket.disconnect();
      editorSocket.disconnect();
    }
    // The editor asked for no e-mails: none came, though the reader's (sent after) did.
    expect(smtp.countTo(editor.email)).toBe(0);
  });

  it('refuses to mention someone who cannot see the item, with a translated message, changing nothing', async () => {
    const itemId = ids['Water the roses'];
    const res = await t.request(`/api/items/${itemId}/comments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, 'accept-language': 'fr' },
      json: { body: `@${stranger.name} look`, mentions: [stranger.id] },
    });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe('comments.mentionUnseen');
    expect(error.message).toBe(messagesFr['comments.mentionUnseen']);
    const thread = await ok<{ comments: Comment[] }>('GET', `/api/items/${itemId}/comments`);
    expect(thread.comments).toEqual([]);
    expect(await unread(stranger)).toBe(0);
    // An id nobody has is refused alike, and more than 20 people at once.
    const unknown = await send('POST', `/api/items/${itemId}/comments`, { body: 'Hi', mentions: ['nobody'] });
    expect((await errorOf(unknown)).code).toBe('comments.mentionUnseen');
    const many = await send('POST', `/api/items/${itemId}/comments`, {
      body: 'Hi all',
      mentions: Array.from({ length: 21 }, (_, n) => `someone-${n}`),
    });
    expect(many.status).toBe(400);
    expect((await errorOf(many)).fields?.mentions).toBe('A comment can mention at most 20 people.');
  });

  it('tells only the newly named on an edit, and drops the badge of those taken out or deleted', async () => {
    const itemId = ids['Water the roses'];
    const editorBefore = await unread(editor);
    const readerBefore = await unread(reader);
    const written = await comment(itemId, `@${editor.name} water them`, [editor.id]);
    expect(await unread(editor)).toBe(editorBefore + 1);

    const readerSocket = await connect(t.baseUrl, reader.token);
    const editorSocket = await connect(t.baseUrl, editor.token);
    try {
      const readerCount = nextEvent(readerSocket, 'reminders:unread-count');
      const editorCount = nextEvent(editorSocket, 'reminders:unread-count');
      const edited = await ok<Comment>(
        'PATCH',
        `/api/comments/${written.id}`,
        { body: `@${reader.name} water them`, mentions: [reader.id] },
        owner.token,
      );
      expect(edited.mentions.map((person) => person.id)).toEqual([reader.id]);
      expect(await readerCount).toEqual({ count: readerBefore + 1 });
      expect(await editorCount).toEqual({ count: editorBefore });

      // An edit that keeps the mention tells nobody again.
      await ok('PATCH', `/api/comments/${written.id}`, {
        body: `@${reader.name} water them today`,
        mentions: [reader.id],
      });
      expect(await unread(reader)).toBe(readerBefore + 1);

      const gone = nextEvent(readerSocket, 'reminders:unread-count');
      expect((await send('DELETE', `/api/comments/${written.id}`)).status).toBe(204);
      expect(await gone).toEqual({ count: readerBefore });
    } finally {
      readerSocket.disconnect();
      editorSocket.disconnect();
    }
  });

  it('keeps a mention in the list of someone who lost the item, without its title or words', async () => {
    const former = await createSignedInUser(t);
    const { Shed: shed } = await tree(t, owner, ['Shed']);
    await share(t, owner, shed as string, [[former, 'readonly']]);
    await comment(shed as string, `@${former.name} the key is under the pot`, [former.id]);
    await ok('DELETE', `/api/items/remove-association?itemId=${shed}&userId=${former.id}`);
    const [event] = (await list(former)).events;
    expect(event).toMatchObject({
      kind: 'mention',
      accessible: false,
      title: 'An item you no longer have access to',
      mention: { excerpt: '' },
    });
  });

  it('pages mentions newest first, 25 at a time, with none lost or repeated across pages', async () => {
    const reading = await createSignedInUser(t);
    const { Pages: box } = await tree(t, owner, ['Pages']);
    await share(t, owner, box as string, [[reading, 'readonly']]);
    const written: string[] = [];
    for (let n = 0; n < 30; n += 1)
      written.push((await comment(box as string, `@${reading.name} number ${n}`, [reading.id])).id);
    const first = await list(reading);
    expect(first.events).toHaveLength(25);
    expect(first.hasMore).toBe(true);
    const last = first.events.at(-1);
    const second = await ok<ReminderEventsPage>(
      'POST',
      '/api/reminders/get-reminder-events',
      { lastReminderEventDateInList: last?.reminderEventDate, lastReminderEventIdInList: last?._id },
      reading.token,
    );
    expect(second.hasMore).toBe(false);
    const seen = [...first.events, ...second.events].map((event) => event.mention?.commentId);
    expect(seen).toEqual(written.reverse());
    const unreadOnly = await ok<ReminderEventsPage>(
      'POST',
      '/api/reminders/get-reminder-events',
      { unreadOnly: true, beginDate: AT + 1 },
      reading.token,
    );
    expect(unreadOnly.events).toEqual([]);
  });
});
