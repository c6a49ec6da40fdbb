import { userLocaleOf } from '@nestbox/shared/i18n/locales';
import { itemLinkPath } from '@nestbox/shared/routes';
import { newId } from '../../db/ids.js';
import type { Executor } from '../../db/schema.js';
import type { Mailer } from '../../mail/mailer.js';
import { renderMentionMail } from '../../mail/templates.js';
import {
  deleteMentions,
  insertMentions,
  mentionRecipients,
  mentionsOfComments,
} from './mention-events.repository.js';
import type { MentionNotice } from './reminders.contract.js';

/**
 * Mentions as notifications: a comment that names someone puts an unread event in their list,
 * beside fired reminders, and reaches them as a fired reminder does (the badge, their devices,
 * and an e-mail when reminder e-mails are on). The comments module writes them in its own
 * transaction; `announce` tells the people once it committed.
 */
export function createMentions({
  pushCounts,
  mailer,
  appUrl,
  db,
  onError,
}: {
  pushCounts: (userIds: string[]) => Promise<void>;
  mailer: Mailer | undefined;
  appUrl: string;
  db: Executor;
  onError: (error: unknown) => void;
}) {
  async function email(notices: readonly MentionNotice[]) {
    if (!mailer || notices.length === 0) return;
    const people = new Map(
      (await mentionRecipients(db, [...new Set(notices.map((notice) => notice.userId))])).map((row) => [
        row.id,
        row,
      ]),
    );
    for (const notice of notices) {
      const person = people.get(notice.userId);
      if (person?.reminder_emails !== 1) continue;
      await mailer
        .send(
          renderMentionMail({
            to: person.email,
            name: person.name,
            locale: userLocaleOf(person.locale),
            by: notice.by,
            title: notice.title,
            body: notice.body,
            link: `${appUrl}${itemLinkPath(notice.itemId)}`,
          }),
        )
        .catch(onError);
    }
  }

  return {
    /** Who each of these comments mentions, with their names. */
    of: (executor: Executor, commentIds: readonly string[]) => mentionsOfComments(executor, commentIds),

    /**
     * Inside the comment's transaction: makes the comment mention exactly these people (an
     * edit may add some and take others out). Answers those it newly mentions, who are told,
     * and those it no longer does, whose badge may drop.
     */
    async set(
      tx: Executor,
      {
        commentId,
        itemId,
        userIds,
        at,
      }: { commentId: string; itemId: string; userIds: readonly string[]; at: number },
    ): Promise<{ added: { userId: string; locale: string }[]; removed: string[] }> {
      const before = new Set(
        ((await mentionsOfComments(tx, [commentId])).get(commentId) ?? []).map((m) => m.id),
      );
      const wanted = new Set(userIds);
      const removed = [...before].filter((id) => !wanted.has(id));
      await deleteMentions(tx, commentId, removed);
      const added = [...wanted].filter((id) => !before.has(id));
      await insertMentions(
        tx,
        added.map((userId) => ({
          id: newId(),
          comment_id: commentId,
          user_id: userId,
          item_id: itemId,
          unread: 1,
          created_at: at,
        })),
      );
      const locales = new Map((await mentionRecipients(tx, added)).map((row) => [row.id, row.locale]));
      return { added: added.map((userId) => ({ userId, locale: locales.get(userId) ?? '' })), removed };
    },

    /**
     * Once the comment committed: the new count on the badges of those it names and of those
     * it no longer names (`recount`), and the e-mails of those named who asked for them.
     */
    async announce({ notices, recount }: { notices: readonly MentionNotice[]; recount: readonly string[] }) {
      await pushCounts([...new Set([...notices.map((notice) => notice.userId), ...recount])]);
      await email(notices);
    },
  };
}

export type Mentions = ReturnType<typeof createMentions>;
