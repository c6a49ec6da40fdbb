import { MantineProvider } from '@mantine/core';
import type { CreatedApiToken } from '@nestbox/shared/tokens/token.schema';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type Element, first, treeOf } from '../../../../test/element-tree';
import { texts } from '../../../../test/texts';
import { CalDavNotice, CalDavShortcut, CopyField, calDavAccount } from './caldav-shortcut';

const { mutate, notifyFailure } = vi.hoisted(() => ({ mutate: vi.fn(), notifyFailure: vi.fn() }));
vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: texts.t.bind(texts) }) }));
vi.mock('../../api/create-api-token', () => ({ useCreateApiToken: () => ({ mutate, isPending: false }) }));
vi.mock('../../../../hooks/use-notify-failure', () => ({ useNotifyFailure: () => notifyFailure }));

const ORIGIN = 'https://nest.example.org';
const made: CreatedApiToken = {
  id: 't1',
  name: 'CalDAV app',
  scope: 'write',
  createdAt: 0,
  lastUsedAt: null,
  token: 'nbx_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
};

const clickable = (element: Element) => typeof element.props.onClick === 'function';
const labelled = (element: Element) => 'aria-label' in element.props;
const click = (element: Element) => (element.props.onClick as () => void)();

const notice = () =>
  renderToStaticMarkup(
    <MantineProvider>
      <CalDavNotice made={made} email="ada@example.org" origin={ORIGIN} onDone={() => {}} />
    </MantineProvider>,
  );

/** Each read-only field's label and value, in order. */
function fields(markup: string) {
  return [...markup.matchAll(/<label[^>]*for="([^"]+)"[^>]*>([^<]*)<\/label>/g)].map(([, id, label]) => {
    const input = markup.match(new RegExp(`<input[^>]*id="${id}"[^>]*>`))?.[0] ?? '';
    return { label, value: input.match(/value="([^"]*)"/)?.[1], readOnly: input.includes('readOnly=""') };
  });
}

const copyLabels = (markup: string) =>
  [...markup.matchAll(/<button[^>]*aria-label="([^"]*)"/g)].map(([, label]) => label);

describe('the CalDAV shortcut', () => {
  beforeEach(async () => {
    mutate.mockClear();
    notifyFailure.mockClear();
    await texts.changeLanguage('en-GB');
  });

  it('makes a read-and-write token named for the app, in the person’s language', async () => {
    const onMade = vi.fn();
    const button = first(
      treeOf(() => CalDavShortcut({ onMade })),
      clickable,
    );
    expect(button.props.children).toBe('For a CalDAV app');
    click(button);
    expect(mutate).toHaveBeenCalledWith({ name: 'CalDAV app', scope: 'write' }, expect.anything());

    const options = mutate.mock.calls[0]?.[1] as {
      onSuccess: (made: CreatedApiToken) => void;
      onError: (e: unknown) => void;
    };
    options.onSuccess(made);
    expect(onMade).toHaveBeenCalledWith(made);
    const failure = new Error('refused');
    options.onError(failure);
    expect(notifyFailure).toHaveBeenCalledWith(failure);

    await texts.changeLanguage('fr');
    const french = first(
      treeOf(() => CalDavShortcut({ onMade })),
      clickable,
    );
    expect(french.props.children).toBe('Pour une application CalDAV');
    click(french);
    expect(mutate).toHaveBeenLastCalledWith(
      { name: 'Application CalDAV', scope: 'write' },
      expect.anything(),
    );
  });

  it('signs in at /dav/ with the e-mail and the token; the origin alone works too', () => {
    expect(calDavAccount(ORIGIN, 'ada@example.org', made.token)).toEqual({
      address: 'https://nest.example.org/dav/',
      origin: ORIGIN,
      userName: 'ada@example.org',
      password: made.token,
    });
  });

  it('shows the three values, read-only, each with its copy button, as a status', () => {
    const markup = notice();
    expect(markup).toContain('role="status"');
    expect(markup).toContain('Sign in from your CalDAV app');
    expect(markup).toContain('a new read-and-write token, “CalDAV app”');
    expect(fields(markup)).toEqual([
      { label: 'Server address', value: 'https://nest.example.org/dav/', readOnly: true },
      { label: 'User name', value: 'ada@example.org', readOnly: true },
      { label: 'Password', value: made.token, readOnly: true },
    ]);
    expect(markup).toContain('Many apps also work with just https://nest.example.org.');
    expect(copyLabels(markup)).toEqual(['Copy server address', 'Copy user name', 'Copy password']);
    expect(markup).toContain('under “Sync with your phone”');
  });

  it('speaks French with French typography', async () => {
    await texts.changeLanguage('fr');
    const markup = notice();
    expect(fields(markup).map(({ label }) => label)).toEqual([
      'Adresse du serveur',
      'Nom d’utilisateur',
      'Mot de passe',
    ]);
    expect(markup).toContain('Beaucoup d’applications se contentent aussi de https://nest.example.org.');
    expect(markup).toContain('jeton en lecture et écriture, «\u00a0CalDAV app\u00a0»\u00a0: copiez-le');
    expect(copyLabels(markup)).toEqual([
      'Copier l’adresse du serveur',
      'Copier le nom d’utilisateur',
      'Copier le mot de passe',
    ]);
  });

  it('copies the field’s own value, and its button says so once copied', () => {
    const field = treeOf(() =>
      CopyField({
        label: 'Password',
        value: made.token,
        copy: 'settings.data.tokens.caldav.copyPassword',
        copied: 'settings.data.tokens.caldav.passwordCopied',
      }),
    );
    const copyButton = first(field, (element) => typeof element.props.children === 'function');
    expect(copyButton.props.value).toBe(made.token);
    const render = copyButton.props.children as (state: { copied: boolean; copy: () => void }) => ReactNode;
    const copy = vi.fn();
    const before = first(render({ copied: false, copy }), labelled);
    expect(before.props['aria-label']).toBe('Copy password');
    click(before);
    expect(copy).toHaveBeenCalledTimes(1);
    expect(first(render({ copied: true, copy }), labelled).props['aria-label']).toBe('Password copied');
  });
});
