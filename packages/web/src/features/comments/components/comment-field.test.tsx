import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { first, treeOf } from '../../../test/element-tree';
import { inApp } from '../../../test/in-app';
import { texts } from '../../../test/texts';
import { CommentField } from './comment-field';

vi.mock('react-i18next', async (actual) => ({
  ...(await actual<typeof import('react-i18next')>()),
  useTranslation: () => ({ t: texts.t.bind(texts) }),
}));

type Props = Parameters<typeof CommentField>[0];
const props = (more: Partial<Props> = {}): Props => ({
  label: 'Add a comment',
  value: 'Words',
  onChange: vi.fn(),
  onSubmit: vi.fn(),
  error: null,
  ...more,
});

/** The field's text area, its handlers as the browser would call them. */
const textarea = (given: Props) =>
  first(
    treeOf(() => CommentField(given), inApp),
    (element) => typeof element.props.onKeyDown === 'function',
  );

const keyDown = (given: Props, key: string, modifiers: Partial<KeyboardEvent> = {}) => {
  const native = {
    key,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    isComposing: false,
    ...modifiers,
  };
  const event = { ...native, nativeEvent: native, preventDefault: vi.fn(), stopPropagation: vi.fn() };
  (textarea(given).props.onKeyDown as (event: unknown) => void)(event);
  return event;
};

const markup = (given: Props) => renderToStaticMarkup(inApp(<CommentField {...given} />));

describe('a comment’s field', () => {
  beforeEach(() => texts.changeLanguage('en-GB'));

  it('sends with Ctrl+Enter, or Cmd+Enter on a Mac; Enter alone starts a new line', () => {
    const given = props();
    keyDown(given, 'Enter');
    keyDown(given, 'Enter', { shiftKey: true });
    expect(given.onSubmit).not.toHaveBeenCalled();
    expect(keyDown(given, 'Enter', { ctrlKey: true }).preventDefault).toHaveBeenCalled();
    keyDown(given, 'Enter', { metaKey: true });
    expect(given.onSubmit).toHaveBeenCalledTimes(2);
    // Not while a word is being composed.
    keyDown(given, 'Enter', { ctrlKey: true, isComposing: true });
    expect(given.onSubmit).toHaveBeenCalledTimes(2);
  });

  it('in an edit, keeps Escape from the dialog around it and ends the edit', () => {
    const onEscape = vi.fn();
    const editing = props({ onEscape });
    const pressed = keyDown(editing, 'Escape');
    expect(pressed.stopPropagation).toHaveBeenCalled();
    expect(onEscape).toHaveBeenCalledTimes(1);
    expect(markup(editing)).toMatch(/<textarea[^>]*data-mantine-stop-propagation="true"/);

    // In the composer, Escape is the dialog's: it closes Item settings as anywhere in it.
    const composing = props();
    expect(keyDown(composing, 'Escape').stopPropagation).not.toHaveBeenCalled();
    expect(markup(composing)).not.toContain('data-mantine-stop-propagation');
  });

  it('says under the words what the server said of them, else why it refused them', () => {
    const invalid = new ApiError({
      message: 'Some fields are not valid.',
      status: 400,
      code: 'error.validation',
      fields: { body: 'Write something first.' },
    });
    const refused = markup(props({ error: invalid }));
    expect(refused).toContain('Write something first.');
    expect(refused).not.toContain('Some fields are not valid.');
    expect(refused).toMatch(/<textarea[^>]*aria-invalid="true"/);
    expect(refused).toContain('>Words</textarea>');

    const full = new ApiError({
      message: 'This item has as many comments as it may hold.',
      status: 409,
      code: 'comments.tooMany',
    });
    expect(markup(props({ error: full }))).toContain('This item has as many comments as it may hold.');

    const canceled = new ApiError({
      message: 'Canceled.',
      status: 0,
      code: 'error.requestCanceled',
      canceled: true,
    });
    expect(markup(props({ error: canceled }))).not.toContain('Canceled.');
  });
});
