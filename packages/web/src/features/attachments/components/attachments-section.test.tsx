import type { Attachment } from '@nestbox/shared/attachments/attachments.schema';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { inApp } from '../../../test/in-app';
import { texts } from '../../../test/texts';
import { AttachmentsSection } from './attachments-section';

const { list } = vi.hoisted(() => ({
  list: { current: {} as Record<string, unknown> },
}));
vi.mock('react-i18next', async (actual) => ({
  ...(await actual<typeof import('react-i18next')>()),
  useTranslation: () => ({ t: texts.t.bind(texts) }),
}));
vi.mock('../api/get-attachments', () => ({ useAttachments: () => list.current }));
vi.mock('../../../lib/api/get-user', () => ({
  useUser: () => ({ id: 'u1', name: 'Ada', locale: 'en-GB', timezone: 'Europe/London' }),
}));

const NOW = Date.UTC(2026, 10, 29, 12);
const attachment = (fields: Partial<Attachment>): Attachment => ({
  id: 'a1',
  itemId: 'i1',
  name: 'plan.pdf',
  type: 'application/pdf',
  size: 3277,
  createdAt: NOW - 5 * 60_000,
  uploader: { id: 'u2', name: 'Ben' },
  inline: true,
  thumbnail: false,
  canDelete: false,
  ...fields,
});
const loaded = (attachments: Attachment[]) => ({
  status: 'success',
  isPending: false,
  isError: false,
  data: { attachments },
  refetch: vi.fn(),
  fetchStatus: 'idle',
});
const markup = (canAttach: boolean) =>
  renderToStaticMarkup(inApp(<AttachmentsSection itemId="i1" canAttach={canAttach} />));

describe('the Attachments section', () => {
  beforeEach(async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    await texts.changeLanguage('en-GB');
  });

  it('lists each file by name, opened or saved from it, with its size, who and when', () => {
    list.current = loaded([
      attachment({}),
      attachment({ id: 'a3', name: 'map.png', type: 'image/png' }),
      attachment({
        id: 'a2',
        name: 'notes.txt',
        type: 'text/plain',
        inline: false,
        size: 512,
        canDelete: true,
      }),
    ]);
    const html = markup(true);
    expect(html).toContain('aria-label="Open map.png"');
    expect(html).toContain('aria-label="Download plan.pdf"');
    expect(html).toContain('aria-label="Download notes.txt"');
    expect(html).toContain('3.2\u00a0KB · Ben · 5 minutes ago');
    // Delete only where the caller may.
    expect(html).toContain('aria-label="Delete notes.txt"');
    expect(html).not.toContain('aria-label="Delete plan.pdf"');
  });

  it('offers attaching to whoever may edit, and says why not to anyone else', () => {
    list.current = loaded([]);
    const editable = markup(true);
    expect(editable).toContain('No files attached yet.');
    expect(editable).toContain('Attach a file');
    expect(editable).toContain('Or drop files here, or paste an image.');
    const readonly = markup(false);
    expect(readonly).not.toContain('Attach a file');
    expect(readonly).toContain('Only people who can edit this item can attach files to it.');
  });

  it('reads in French', async () => {
    await texts.changeLanguage('fr');
    list.current = loaded([]);
    expect(markup(true)).toContain('Joindre un fichier');
  });
});
