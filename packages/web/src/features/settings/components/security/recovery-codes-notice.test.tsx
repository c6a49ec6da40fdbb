import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { texts } from '../../../../test/texts';
import { RecoveryCodesNotice } from './recovery-codes-notice';

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: texts.t.bind(texts) }) }));

const CODES = Array.from({ length: 10 }, (_, index) => `abcde-fgh${index}k`);

async function markupIn(language: 'en-GB' | 'fr') {
  await texts.changeLanguage(language);
  return renderToStaticMarkup(
    <MantineProvider>
      <RecoveryCodesNotice codes={CODES} onDone={() => {}} />
    </MantineProvider>,
  );
}

describe('the recovery codes notice', () => {
  it('lists every code once, in a named list, with ways to keep them, in English and in French', async () => {
    for (const [language, words] of [
      [
        'en-GB',
        ['Your recovery codes', 'aria-label="Recovery codes"', 'Copy all', 'Download', 'I have saved them'],
      ],
      [
        'fr',
        [
          'Vos codes de secours',
          'aria-label="Codes de secours"',
          'Tout copier',
          'Télécharger',
          'Je les ai enregistrés',
        ],
      ],
    ] as const) {
      const markup = await markupIn(language);
      for (const word of words) expect(markup, language).toContain(word);
      expect(markup.match(/<li[^>]*>[a-z0-9-]+<\/li>/g)).toEqual(
        CODES.map((code) => expect.stringContaining(code)),
      );
      expect(markup).toContain('role="status"');
    }
  });
});
