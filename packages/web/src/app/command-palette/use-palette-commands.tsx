import { LANGUAGES } from '@nestbox/shared/i18n/locales';
import type { Item } from '@nestbox/shared/items/item.schema';
import { PAGE_PATHS } from '@nestbox/shared/routes';
import {
  IconAlignLeft,
  IconArrowForwardUp,
  IconBell,
  IconBox,
  IconCalendarWeek,
  IconLanguage,
  IconLayoutColumns,
  IconListNumbers,
  IconSearch,
  IconSettings,
  IconStack2,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSaveProfile } from '../../features/settings/api/save-profile';
import { paneCommandState, runPaneCommand } from '../../features/workspace/hooks/use-pane-commands';
import { useNotifyFailure } from '../../hooks/use-notify-failure';
import { useUser } from '../../lib/api/get-user';
import { useCreateSearchPane } from '../../lib/api/panes/create-search-pane';
import { currentLocale, rememberLocale } from '../../lib/i18n';
import { notifyAfterReload } from '../../lib/notify';
import { toggleWorkspaceLayout } from '../../lib/preferences';
import { SHORTCUT_KEYS } from '../../lib/shortcuts';
import type { HerePane } from './palette-rules';

/** One command of the palette. */
export interface PaletteCommand {
  id: string;
  label: string;
  /** Other words it answers to when typed. */
  keywords?: string[];
  icon: ReactNode;
  /** A second line saying more. */
  detail?: string;
  /** Its keyboard shortcut, key by key (`G`, `W`). */
  keys?: string[];
  /** Why it cannot run now; it is then shown greyed with this line. */
  unavailable?: string;
  /** The palette stays open (the command leads on inside it). */
  staysOpen?: boolean;
  /** It puts the focus somewhere (a dialog, a field): the palette must not take it back as it closes. */
  takesFocus?: boolean;
  run: () => void;
}

const ICON = { size: 18, stroke: 1.7 } as const;

/**
 * The palette's commands, in the language shown: adding here (to the box of the pane the
 * palette was opened from), going to a page, the header's dialogs and layout, a search pane,
 * moving the selected item (`onMove`: its box finder, inside the palette), the language.
 */
export function usePaletteCommands({
  here,
  selected,
  onMove,
  openReminders,
  openSettings,
}: {
  here: HerePane | null;
  /** The selected item (as far as it is known yet), or null when nothing is selected. */
  selected: { itemId: string; item: Item | undefined } | null;
  onMove: () => void;
  openReminders: () => void;
  openSettings: () => void;
}): PaletteCommand[] {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUser();
  const { mutate: createSearchPane } = useCreateSearchPane();
  const { mutate: saveProfile } = useSaveProfile();
  const notifyFailure = useNotifyFailure();

  /** Why a command that adds to the box here cannot run, if it cannot. */
  const addingHere = () => {
    const state = here ? paneCommandState(here.paneId) : 'closed';
    if (state === 'closed') return t('palette.hint.needsPane');
    return state === 'readonly' ? t('palette.hint.readonly') : undefined;
  };
  const moving = !selected
    ? t('palette.hint.needsSelection')
    : selected.item && !selected.item.abilities.move
      ? t('palette.hint.cannotMove')
      : undefined;

  const switchLanguage = (locale: (typeof LANGUAGES)[number]['locale']) =>
    saveProfile(
      {
        name: user.name,
        email: user.email,
        timezone: user.timezone,
        locale,
        location: user.location,
        occupation: user.occupation,
      },
      {
        // As the profile does: the app reloads in the new language, the confirmation after it.
        onSuccess: ({ message, user: saved }) => {
          notifyAfterReload({ type: 'success', message });
          rememberLocale(saved.locale);
          window.location.reload();
        },
        onError: (error) => notifyFailure(error, 'palette.languageFailed'),
      },
    );

  return [
    {
      id: 'new-box',
      label: t('palette.command.newBox'),
      icon: <IconBox {...ICON} />,
      unavailable: addingHere(),
      takesFocus: true,
      run: () => here && runPaneCommand(here.paneId, 'newBox'),
    },
    {
      id: 'new-text',
      label: t('palette.command.newText'),
      icon: <IconAlignLeft {...ICON} />,
      unavailable: addingHere(),
      takesFocus: true,
      run: () => here && runPaneCommand(here.paneId, 'newText'),
    },
    {
      id: 'go-workspace',
      label: t('palette.command.goWorkspace'),
      icon: <IconStack2 {...ICON} />,
      keys: [SHORTCUT_KEYS.goTo, SHORTCUT_KEYS.goToWorkspace],
      run: () => void navigate(PAGE_PATHS.boxes),
    },
    {
      id: 'go-organiser',
      label: t('palette.command.goOrganiser'),
      icon: <IconListNumbers {...ICON} />,
      keys: [SHORTCUT_KEYS.goTo, SHORTCUT_KEYS.goToOrganiser],
      run: () => void navigate(PAGE_PATHS.organiser),
    },
    {
      id: 'go-upcoming',
      label: t('palette.command.goUpcoming'),
      icon: <IconCalendarWeek {...ICON} />,
      keys: [SHORTCUT_KEYS.goTo, SHORTCUT_KEYS.goToUpcoming],
      run: () => void navigate(PAGE_PATHS.upcoming),
    },
    {
      id: 'reminders',
      label: t('palette.command.reminders'),
      icon: <IconBell {...ICON} />,
      takesFocus: true,
      run: openReminders,
    },
    {
      id: 'settings',
      label: t('palette.command.settings'),
      icon: <IconSettings {...ICON} />,
      takesFocus: true,
      run: openSettings,
    },
    {
      id: 'toggle-layout',
      label: t('palette.command.toggleLayout'),
      icon: <IconLayoutColumns {...ICON} />,
      run: toggleWorkspaceLayout,
    },
    {
      id: 'search',
      label: t('palette.command.search'),
      detail: t('palette.command.search.detail'),
      icon: <IconSearch {...ICON} />,
      unavailable: here ? undefined : t('palette.hint.needsPane'),
      takesFocus: true,
      run: () =>
        here &&
        createSearchPane(
          { pos: here.index + 1, withinBoxId: here.box._id },
          { onError: (error) => notifyFailure(error, 'error.generic') },
        ),
    },
    {
      id: 'move',
      label: t('palette.command.move'),
      icon: <IconArrowForwardUp {...ICON} />,
      unavailable: moving,
      staysOpen: true,
      run: onMove,
    },
    ...LANGUAGES.filter(({ locale }) => locale !== currentLocale()).map(
      ({ locale, name }): PaletteCommand => ({
        id: `language-${locale}`,
        label: t('palette.command.language', { language: name }),
        keywords: [t('palette.command.keywords.language'), t('common.language')],
        icon: <IconLanguage {...ICON} />,
        run: () => switchLanguage(locale),
      }),
    ),
  ];
}
