import { MantineProvider } from '@mantine/core';
import type { Passkey, PasskeyList as PasskeyListAnswer } from '@nestbox/shared/passkeys/passkeys.schema';
import type { User } from '@nestbox/shared/users/user.schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getUserQueryOptions } from '../../../../lib/api/get-user';
import { first, Probe } from '../../../../test/element-tree';
import { texts } from '../../../../test/texts';
import { passkeysKey } from '../../api/get-passkeys';
import { PasskeysSection } from './passkeys-section';
import { RenamePasskeyModal } from './rename-passkey-modal';

const { mutate } = vi.hoisted(() => ({ mutate: vi.fn() }));
vi.mock('react-i18next', async (actual) => ({
  ...(await actual<typeof import('react-i18next')>()),
  useTranslation: () => ({ t: texts.t.bind(texts) }),
}));
vi.mock('../../api/rename-passkey', () => ({ useRenamePasskey: () => ({ mutate, isPending: false }) }));

const NOW = Date.UTC(2026, 2, 12, 15, 0);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const user = { id: 'u1', name: 'Ada', locale: 'en-GB', timezone: 'Europe/London' } as User;

const laptop: Passkey = {
  id: '6b0a3c1e-0000-4000-8000-000000000001',
  name: 'Work laptop',
  createdAt: Date.UTC(2026, 0, 5, 10, 0),
  lastUsedAt: NOW - DAY,
  backedUp: false,
};
const phone: Passkey = {
  id: '6b0a3c1e-0000-4000-8000-000000000002',
  name: 'iCloud Keychain',
  createdAt: Date.UTC(2025, 11, 24, 9, 0),
  lastUsedAt: Date.UTC(2026, 1, 2, 8, 30),
  backedUp: true,
};
const key: Passkey = {
  ...laptop,
  id: '6b0a3c1e-0000-4000-8000-000000000003',
  name: 'YubiKey',
  lastUsedAt: null,
};

/** Renders `node` as Settings has it: Mantine, and a cache holding the user (and `passkeys`, when given). */
function markupOf(node: ReactNode, passkeys?: PasskeyListAnswer, locale: User['locale'] = 'en-GB') {
  const queryClient = new QueryClient();
  queryClient.setQueryData(getUserQueryOptions().queryKey, { ...user, locale });
  if (passkeys) queryClient.setQueryData(passkeysKey, passkeys);
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <MantineProvider>{node}</MantineProvider>
    </QueryClientProvider>,
  );
}

const list = (passkeys: Passkey[], locale: User['locale'] = 'en-GB') =>
  markupOf(<PasskeysSection />, { passkeys }, locale);

const items = (markup: string) => markup.match(/<li[^>]*>.*?<\/li>/g) ?? [];
const buttonLabels = (markup: string) =>
  [...markup.matchAll(/<button[^>]*aria-label="([^"]*)"/g)].map(([, label]) => label);

/** Sends the rename dialog's form for `passkey`, named as it is stored; resolves once validated. */
async function submitRename(passkey: Passkey, onClose = vi.fn()) {
  let tree: ReactNode = null;
  markupOf(
    <Probe
      render={() => RenamePasskeyModal({ passkey, onClose })}
      keep={(kept) => {
        tree = kept;
      }}
    />,
  );
  const form = first(tree, (element) => typeof element.props.onSubmit === 'function');
  await (form.props.onSubmit as (event: { preventDefault: () => void }) => Promise<void>)({
    preventDefault: () => {},
  });
  return onClose;
}

describe('the passkeys section', () => {
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    mutate.mockClear();
    await texts.changeLanguage('en-GB');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('lists each passkey with when it was added and last used, and its synced mark', () => {
    const markup = list([laptop, phone, key]);
    expect(markup).toContain('aria-label="Your passkeys"');
    const [first, second, third] = items(markup);
    expect(first).toContain('Work laptop');
    expect(first).toContain('Added 05-Jan-2026');
    expect(first).toContain('Last used yesterday');
    expect(first).not.toContain('Synced');
    expect(second).toContain('iCloud Keychain');
    expect(second).toContain('Last used on 02-Feb-2026');
    expect(second).toContain('Synced');
    expect(third).toContain('Never used');
    expect(buttonLabels(markup)).toEqual([
      'Rename “Work laptop”',
      'Remove “Work laptop”',
      'Rename “iCloud Keychain”',
      'Remove “iCloud Keychain”',
      'Rename “YubiKey”',
      'Remove “YubiKey”',
    ]);
  });

  it('speaks French with French typography', async () => {
    await texts.changeLanguage('fr');
    const markup = list([laptop, phone], 'fr');
    expect(markup).toContain('aria-label="Vos clés d’accès"');
    const [first, second] = items(markup);
    expect(first).toContain('Ajoutée le 05-janv.-2026');
    expect(first).toContain('Utilisée hier');
    expect(second).toContain('Utilisée le 02-févr.-2026');
    expect(second).toContain('Synchronisée');
    expect(buttonLabels(markup)).toContain('Renommer «\u00a0Work laptop\u00a0»');
    expect(buttonLabels(markup)).toContain('Supprimer «\u00a0iCloud Keychain\u00a0»');
  });

  it('says so when there is no passkey, without an empty list', () => {
    const markup = list([]);
    expect(markup).toContain('You have no passkeys yet.');
    expect(markup).not.toContain('<ul');
  });

  it('offers to add a passkey where passkeys work, and says why not elsewhere', () => {
    const without = markupOf(<PasskeysSection />, { passkeys: [laptop] });
    expect(without).toContain('Passkeys</h3>');
    expect(without).toContain('fingerprint');
    expect(without).toContain('Work laptop');
    expect(without).toContain('This browser cannot make passkeys.');
    expect(without).not.toContain('Add a passkey');

    vi.stubGlobal('PublicKeyCredential', class {});
    const able = markupOf(<PasskeysSection />, { passkeys: [] });
    expect(able).toContain('You have no passkeys yet.');
    expect(able).toContain('Add a passkey');
    expect(able).not.toContain('This browser cannot make passkeys.');

    // Browsers offer no passkey to an IP address: the note says what the server needs.
    vi.stubGlobal('location', { hostname: '192.168.1.20' });
    const onIp = markupOf(<PasskeysSection />, { passkeys: [] });
    expect(onIp).toContain('Passkeys need the address of this server to be a domain name');
    expect(onIp).not.toContain('Add a passkey');
  });

  it('shows that the list is loading', () => {
    const markup = markupOf(<PasskeysSection />);
    expect(markup).toMatch(/role="status" aria-label="Loading…"/);
  });

  it('renames only to a name the server would take, trimmed', async () => {
    await submitRename({ ...laptop, name: '   ' });
    await submitRename({ ...laptop, name: 'x'.repeat(101) });
    expect(mutate).not.toHaveBeenCalled();

    // The same name closes the dialog without a call.
    expect(await submitRename(laptop)).toHaveBeenCalledTimes(1);
    expect(mutate).not.toHaveBeenCalled();

    await submitRename({ ...laptop, name: '  Home desktop  ' });
    expect(mutate).toHaveBeenCalledWith({ passkeyId: laptop.id, name: 'Home desktop' }, expect.anything());
  });
});
