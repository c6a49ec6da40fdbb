import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { first, treeOf } from '../../../test/element-tree';
import { inApp } from '../../../test/in-app';
import { texts } from '../../../test/texts';
import { setCommentDraft } from '../hooks/use-comment-draft';
import { CommentComposer } from './comment-composer';
import { CommentField } from './comment-field';

const { create, audience } = vi.hoisted(() => ({
  create: { mutate: vi.fn(), reset: vi.fn(), isPending: false, isError: false, error: null as Error | null },
  audience: { people: undefined as { id: string; name: string }[] | undefined },
}));
vi.mock('react-i18next', async (actual) => ({
  ...(await actual<typeof import('react-i18next')>()),
  useTranslation: () => ({ t: texts.t.bind(texts) }),
}));
vi.mock('../api/create-comment', () => ({ useCreateComment: () => create }));
vi.mock('../api/get-mentionable-people', () => ({ useMentionablePeople: () => audience.people }));

const ITEM = 'i1';
const fieldRef = { current: { focus: vi.fn() } as unknown as HTMLTextAreaElement };

/** The composer's field as drawn now (its Ctrl+Enter calls onSubmit: see comment-field.test). */
const field = () =>
  first(
    treeOf(() => CommentComposer({ itemId: ITEM, fieldRef }), inApp),
    (element) => element.type === CommentField,
  ).props as unknown as Parameters<typeof CommentField>[0];
const composer = () => renderToStaticMarkup(inApp(<CommentComposer itemId={ITEM} fieldRef={fieldRef} />));
const sent = () => create.mutate.mock.calls.at(-1) as [{ body: string }, { onSuccess: () => void }];

describe('the comment composer', () => {
  beforeEach(async () => {
    Object.assign(create, { isPending: false, isError: false, error: null });
    create.mutate.mockClear();
    create.reset.mockClear();
    vi.mocked(fieldRef.current.focus).mockClear();
    setCommentDraft(ITEM, '');
    audience.people = undefined;
    await texts.changeLanguage('en-GB');
  });

  it('sends what is typed, then empties the field and keeps the focus there', () => {
    field().onChange('Looks **good**');
    field().onSubmit();
    expect(sent()[0]).toEqual({ body: 'Looks **good**', mentions: [] });
    expect(field().value).toBe('Looks **good**');

    sent()[1].onSuccess();
    expect(field().value).toBe('');
    expect(fieldRef.current.focus).toHaveBeenCalledTimes(1);
  });

  it('sends nothing blank, and its button waits for words', () => {
    field().onChange('  \n ');
    field().onSubmit();
    expect(create.mutate).not.toHaveBeenCalled();
    expect(composer()).toMatch(/<button[^>]*disabled=""[^>]*>.*Comment/s);
  });

  it('keeps what was typed while the comment was on its way', () => {
    field().onChange('First');
    field().onSubmit();
    field().onChange('First, and more');
    sent()[1].onSuccess();
    expect(field().value).toBe('First, and more');
  });

  it('keeps the words of a refused comment and says why under them, until they change', () => {
    field().onChange('Too long, say');
    const refusal = new ApiError({
      message: 'Some fields are not valid.',
      status: 400,
      code: 'error.validation',
      fields: { body: 'A comment can have at most 5,000 characters.' },
    });
    Object.assign(create, { isError: true, error: refusal });
    const refused = composer();
    expect(refused).toContain('>Too long, say</textarea>');
    expect(refused).toContain('A comment can have at most 5,000 characters.');
    expect(field().error).toBe(refusal);

    field().onChange('Shorter');
    expect(create.reset).toHaveBeenCalledTimes(1);
    expect(field().value).toBe('Shorter');
  });

  it('keeps a draft when Item settings closes, for the next time it opens', () => {
    field().onChange('Half a thought');
    expect(composer()).toContain('>Half a thought</textarea>');
    expect(renderToStaticMarkup(inApp(<CommentComposer itemId="other" fieldRef={fieldRef} />))).not.toContain(
      'Half a thought',
    );
  });

  it('mentions whoever the words name with @ among those who see the item, and says how', () => {
    expect(composer()).not.toContain('Type @ to mention');
    audience.people = [
      { id: 'u2', name: 'Zoé Martin' },
      { id: 'u3', name: 'Max Dupont' },
    ];
    expect(composer()).toContain('Type @ to mention someone who sees this item.');
    field().onChange('@Zoé Martin can you look? Max can wait');
    field().onSubmit();
    expect(sent()[0]).toEqual({ body: '@Zoé Martin can you look? Max can wait', mentions: ['u2'] });
  });
});
