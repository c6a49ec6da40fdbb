import { Button, Group } from '@mantine/core';
import { LANGUAGES } from '@nestbox/shared/i18n/locales';
import { useTranslation } from 'react-i18next';
import { changeLocale } from '../../lib/i18n';

/** Lets a logged-out visitor pick English or French; the choice is remembered on this device. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  return (
    <Group gap={4} justify="center" role="group" aria-label={t('common.language')}>
      {LANGUAGES.map((language) => {
        const current = i18n.language === language.locale;
        return (
          <Button
            key={language.locale}
            size="compact-sm"
            variant={current ? 'light' : 'subtle'}
            color={current ? 'nest' : 'gray'}
            aria-pressed={current}
            lang={language.locale}
            onClick={() => void changeLocale(language.locale)}
          >
            {language.name}
          </Button>
        );
      })}
    </Group>
  );
}
