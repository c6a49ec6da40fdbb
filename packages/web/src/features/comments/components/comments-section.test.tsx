import type { Comment } from '@nestbox/shared/comments/comments.schema';
import type { User } from '@nestbox/shared/users/user.schema';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadedList } from '../../../components/layout/loaded-list';
import { loadRichText } from '../../../lib/rich-text/parse-rich-text';
import { first, treeOf } from '../../../test/element-tree';
import { inApp } from '../../../test/in-app';
import { texts } from '../../../test/texts';
import { CommentEditor } from './comment-editor';
import { CommentField } from './comment-field';
import { CommentRow } from './comment-row';
import { CommentsSection } from './comments-section';

const { thread, removeComment, editComment, confirmDanger } = vi.hoisted(() => ({
  thread: { current: {} as Record<string, unknown> },
  removeComment: vi.fn(),
  editComment: vi.fn(),
  confirmDanger: vi.fn(),
}));
vi.mock('react-i18next', async (actual) => ({
  ...(await actual<typeof import('react-i18next')>()),
  useTranslation: () => ({ t: texts.t.bind(texts) }),
}));
vi.mock('../api/get-comments', () => ({ useComments: () => thread.current }));
vi.mock('../api/delete-comment', () => ({
  useDeleteComment: () => ({ mutate: removeComment, isPending: false }),
}));
vi.mock('../api/edit-comment', () => ({
  useEditComment: () => ({ mutate: editComment, isPending: false, isError: false, error: null }),
}));
vi.mock('../api/create-comment', () => ({
  useCreateComment: () => ({ mutate: vi.fn(), isPending: false, isError: false, error: null }),
}));
vi.mock('../../../components/feedback/confirm', () => ({ confirmDanger }));

const NOW = Date.UTC(2026, 2, 12, 15, 0);
const MINUTE = 60_000;
const user = { id: 'u1', name: 'Ada', locale: 'en-GB', timezone: 'Europe/London' } as User;

const comment = (id: string, fields: Partial<Comment> = {}): Comment => ({
  id,
  itemId: 'i1',
  body: 'A comment',
  author: { id: 'u1', name: 'Ada' },
  createdAt: NOW - 5 * MINUTE,
  editedAt: null,
  mentions: [],
  canEdit: true,
  canDelete: true,
  ...fields,
});
const fromBea = (id: string, fields: Partial<Comment> = {}) =>
  comment(id, { author: { id: 'u2', name: 'Bea' }, canEdit: false, canDelete: false, ...fields });

/** Renders `node` as Item settings has it: Mantine, and a cache holding the user. */
const markupOf = (node: ReactNode, locale: User['locale'] = 'en-GB') =>
  renderToStaticMarkup(inApp(node, { user: { ...user, locale } }));
const rendered = (render: () => ReactNode) => treeOf(render, (node) => inApp(node, { user }));

const section = (fields: Record<string, unknown>, locale: User['locale'] = 'en-GB') => {
  thread.current = {
    isPending: false,
    isError: false,
    fetchStatus: 'idle',
    refetch: vi.fn(),
    data: undefined,
    ...fields,
  };
  return markupOf(<CommentsSection itemId="i1" count={2} />, locale);
};
const listed = (comments: Comment[], locale: User['locale'] = 'en-GB') =>
  section({ data: { comments } }, locale);
const items = (markup: string) => markup.match(/<li[^>]*>.*?<\/li>/gs) ?? [];
const buttonLabels = (markup: string) =>
  [...markup.matchAll(/<button[^>]*aria-label="([^"]*)"/g)].map(([, label]) => label);

describe('the Comments section', () => {
  beforeAll(() => loadRichText());
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    for (const mock of [removeComment, editComment, confirmDanger]) mock.mockClear();
    await texts.changeLanguage('en-GB');
  });
  afterEach(() => vi.useRealTimers());

  it('stands skeletons in while the thread loads, with the field to write already there', () => {
    const markup = section({ isPending: true });
    expect(markup).toContain('Comments</h3>');
    expect(markup).toMatch(/role="status" aria-label="Loading…"/);
    expect(markup.match(/mantine-Skeleton-root/g)).toHaveLength(2);
    expect(markup).toContain('Add a comment');
    expect(markup).toContain('Markdown works. Ctrl+Enter sends it.');
  });

  it('says it needs the network when offline with no thread loaded, rather than load for ever', () => {
    const markup = section({ isPending: true, fetchStatus: 'paused' });
    expect(markup).toContain('Not available offline');
    expect(markup).not.toContain('role="status"');
    expect(markup).toContain('Add a comment');
  });

  it('says when there is no comment yet, without an empty list', () => {
    const markup = listed([]);
    expect(markup).toContain('No comments yet.');
    expect(markup).not.toContain('<ul');
  });

  it('says the thread failed to load, and Try again reads it again', () => {
    const markup = section({ isError: true });
    expect(markup).toContain('The comments could not be loaded.');
    expect(markup).not.toContain('No comments yet.');
    const list = first(
      rendered(() => CommentsSection({ itemId: 'i1', count: 0 })),
      (element) => element.type === LoadedList,
    );
    const retry = first(
      rendered(() => LoadedList(list.props as Parameters<typeof LoadedList>[0])),
      (element) => element.props.children === 'Try again',
    );
    expect(thread.current.refetch).not.toHaveBeenCalled();
    (retry.props.onClick as () => void)();
    expect(thread.current.refetch).toHaveBeenCalledTimes(1);
  });

  it('lists the thread oldest first: author, when, edited, and the words as Markdown', () => {
    const markup = listed([
      fromBea('c1', { body: 'Bring **two** tickets', createdAt: NOW - 3 * 24 * 60 * MINUTE }),
      comment('c2', { body: 'Done, see [the site](https://example.org)', editedAt: NOW - MINUTE }),
      fromBea('c3', { author: null, createdAt: NOW - 10_000 }),
    ]);
    expect(markup).toContain('aria-label="Comments on this item"');
    const [first, second, third] = items(markup);
    expect(first).toContain('Bea');
    expect(first).toContain('3 days ago');
    expect(first).toContain('<strong>two</strong>');
    expect(first).not.toContain('edited');
    expect(second).toContain('Ada');
    expect(second).toContain('5 minutes ago');
    expect(second).toContain('title="Edited on 12 Mar 2026, 14:59"');
    expect(second).toMatch(/<a [^>]*href="https:\/\/example\.org"[^>]*>the site<\/a>/);
    expect(third).toContain('Deleted account');
    expect(third).toContain('just now');
    // Only one's own comment may be edited or deleted here.
    expect(buttonLabels(markup)).toEqual(['Edit your comment', 'Delete your comment']);
  });

  it('offers an owner of the item to delete anyone’s comment, not to edit it', () => {
    const markup = listed([fromBea('c1', { canDelete: true })]);
    expect(buttonLabels(markup)).toEqual(['Delete the comment by Bea']);
  });

  it('speaks French with French typography', async () => {
    await texts.changeLanguage('fr');
    const markup = listed([fromBea('c1', { canDelete: true, editedAt: NOW })], 'fr');
    expect(markup).toContain('Commentaires</h3>');
    expect(markup).toContain('il y a 5 minutes');
    expect(markup).toContain('modifié');
    expect(markup).toContain('Ajouter un commentaire');
    expect(markup).toContain('Markdown accepté. Ctrl+Entrée pour envoyer.');
    expect(buttonLabels(markup)).toEqual(['Supprimer le commentaire de Bea']);
    expect(listed([], 'fr')).toContain('Pas encore de commentaire.');
  });

  it('deletes only once the question is answered', () => {
    const onDeleted = vi.fn();
    const row = rendered(() =>
      CommentRow({
        comment: comment('c2'),
        itemId: 'i1',
        editing: false,
        onEdit: vi.fn(),
        onEditEnd: vi.fn(),
        onDeleted,
      }),
    );
    (first(row, (element) => element.props.label === 'Delete your comment').props.onClick as () => void)();
    expect(removeComment).not.toHaveBeenCalled();
    const [question] = confirmDanger.mock.calls[0] as [
      { title: string; confirmLabel: string; onConfirm: () => void },
    ];
    expect(question).toMatchObject({ title: 'Delete this comment?', confirmLabel: 'Delete' });
    question.onConfirm();
    expect(removeComment).toHaveBeenCalledWith('c2', expect.anything());
    const [, options] = removeComment.mock.calls[0] as [string, { onSuccess: () => void }];
    options.onSuccess();
    expect(onDeleted).toHaveBeenCalledTimes(1);
  });

  it('edits in place: Escape cancels without reaching the dialog, the old words kept', () => {
    const editing = markupOf(
      <CommentRow
        comment={comment('c2', { body: 'Old words' })}
        itemId="i1"
        editing
        onEdit={vi.fn()}
        onEditEnd={vi.fn()}
        onDeleted={vi.fn()}
      />,
    );
    expect(editing).toMatch(
      /<textarea[^>]*aria-label="Your comment"[^>]*data-mantine-stop-propagation="true"/,
    );
    expect(editing).toContain('>Old words</textarea>');
    expect(buttonLabels(editing)).toEqual([]);

    // The editor's field ends the edit on Escape (CommentField keeps that Escape from the dialog).
    const onDone = vi.fn();
    const field = first(
      rendered(() => CommentEditor({ comment: comment('c2'), itemId: 'i1', onDone })),
      (element) => element.type === CommentField,
    );
    expect(field.props.onEscape).toBe(onDone);
    // Ctrl+Enter on words left as they were ends the edit without a call.
    (field.props.onSubmit as () => void)();
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(editComment).not.toHaveBeenCalled();
  });
});
