import { Anchor, Box, Center, Divider, Group, Loader, Modal, useMatches } from '@mantine/core';
import { useDisclosure, useHotkeys, useMediaQuery } from '@mantine/hooks';
import { PAGE_PATHS } from '@nestbox/shared/routes';
import {
  IconBolt,
  IconCalendarWeek,
  IconKeyboard,
  IconLayoutColumns,
  IconLayoutDashboard,
  IconLayoutRows,
  IconListNumbers,
  IconLogout,
  IconSettings,
  IconStack2,
} from '@tabler/icons-react';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Logo } from '../../components/brand/logo';
import { LoadBoundary, retryableLazy } from '../../components/errors/load-boundary';
import { HeaderAction } from '../../components/layout/header-action';
import { RemindersButton } from '../../features/reminders/components/reminders-button';
import { RemindersModal } from '../../features/reminders/components/reminders-list';
import { openItemSettings } from '../../hooks/use-item-settings';
import { useOpenedOnce } from '../../hooks/use-opened-once';
import { useOwnEscape } from '../../hooks/use-own-escape';
import { useWorkspaceLayout } from '../../hooks/use-preferences';
import { toggleWorkspaceLayout } from '../../lib/preferences';
import {
  closeQuickCapture,
  openQuickCapture,
  useQuickCaptureOpen,
  withoutCaptureParam,
} from '../../lib/quick-capture/capture-opener';
import { openShortcutsHelp, SHORTCUT_KEYS, useShortcutsEnabled } from '../../lib/shortcuts';
import { CommandPaletteLauncher } from '../command-palette/command-palette-launcher';
import { CaptureFab } from './capture-fab';
import { HeaderMenu } from './header-menu';
import { QuickCaptureHost } from './quick-capture-host';
import { useOpenBox } from './use-open-box';

const ICON = { size: 20, stroke: 1.7 } as const;

/** Workspace settings (layout, split): its code loads when it first opens. */
const WorkspaceSettingsModal = retryableLazy(async () => ({
  default: (await import('../../features/workspace/components/workspace-settings-modal'))
    .WorkspaceSettingsModal,
}));

/**
 * Below this width the header's tools (layout, settings, logout) go into one menu: with every
 * button a fingertip's 44 px, they do not all fit beside the logo.
 */
const COMPACT_HEADER_QUERY = '(max-width: 30em)';

/** The settings forms (and the schemas they validate with) load when the modal first opens. */
/** Application Settings' dialog: its title is `${SETTINGS_ID}-title`. */
const SETTINGS_ID = 'app-settings';

const AppSettings = retryableLazy(async () => ({
  default: (await import('../../features/settings/components/app-settings')).AppSettings,
}));

/** The logged-in header: product name, the two pages, and the four tools of SPEC §2. */
export function AppHeader() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const layout = useWorkspaceLayout();
  const [remindersOpened, reminders] = useDisclosure(false);
  const [settingsOpened, settings] = useDisclosure(false);
  // Escape closes Settings only when pressed in Settings itself, not in a confirmation over it.
  useOwnEscape(SETTINGS_ID, settingsOpened, settings.close);
  const [workspaceSettingsOpened, workspaceSettings] = useDisclosure(false);
  const workspaceSettingsLoaded = useOpenedOnce(workspaceSettingsOpened);
  const captureOpened = useQuickCaptureOpen();
  const navigate = useNavigate();
  // `?capture` (the installed app's "Quick capture" shortcut) opens it on arrival.
  useEffect(() => {
    const rest = withoutCaptureParam(search);
    if (rest === null) return;
    openQuickCapture();
    void navigate({ pathname, search: rest }, { replace: true });
  }, [search, pathname, navigate]);
  // Narrow screens: the tools go into one menu, so every button left is a fingertip's size.
  const compact = useMediaQuery(COMPACT_HEADER_QUERY, false, { getInitialValueInEffect: false });
  const openBox = useOpenBox();
  const shortcutsEnabled = useShortcutsEnabled();
  // Q opens quick capture, except while typing (the hook ignores fields) or in another dialog.
  useHotkeys([
    [
      SHORTCUT_KEYS.quickCapture,
      (event) => {
        const inDialog = event.target instanceof Element && event.target.closest('[role="dialog"]');
        if (shortcutsEnabled && !inDialog) openQuickCapture();
      },
    ],
  ]);
  // Phones: the buttons sit edge to edge (each 44 px wide).
  const buttonGap = useMatches({ base: 0, xs: 4 });
  const onWorkspace = pathname === PAGE_PATHS.app || pathname.startsWith(PAGE_PATHS.boxes);
  const onOrganiser = pathname.startsWith(PAGE_PATHS.organiser);
  const onUpcoming = pathname.startsWith(PAGE_PATHS.upcoming);

  return (
    <Group h="100%" px={{ base: 'sm', sm: 'lg' }} justify="space-between" wrap="nowrap" gap="xs">
      {/* The brand gives way on phones, so every header button fits down to 320 px; Workspace leads home there. */}
      <Box visibleFrom="xs">
        <Anchor
          component={Link}
          to={PAGE_PATHS.boxes}
          underline="never"
          aria-label={t('app.home')}
          display="flex"
          mih={44}
          miw={44}
          style={{ alignItems: 'center', justifyContent: 'center' }}
        >
          <Logo size={30} />
        </Anchor>
      </Box>
      <Group wrap="nowrap" gap={buttonGap}>
        <Group wrap="nowrap" gap={buttonGap} component="nav" aria-label={t('header.navigation')}>
          <HeaderAction
            label={t('header.workspace')}
            icon={<IconStack2 {...ICON} />}
            to={PAGE_PATHS.boxes}
            active={onWorkspace}
          />
          <HeaderAction
            label={t('header.organiser')}
            icon={<IconListNumbers {...ICON} />}
            to={PAGE_PATHS.organiser}
            active={onOrganiser}
          />
          <HeaderAction
            label={t('header.upcoming')}
            icon={<IconCalendarWeek {...ICON} />}
            to={PAGE_PATHS.upcoming}
            active={onUpcoming}
          />
        </Group>
        <Divider orientation="vertical" mx={4} h={22} style={{ alignSelf: 'center' }} />
        <CommandPaletteLauncher openReminders={reminders.open} openSettings={settings.open} />
        {/* Phones capture with the floating "+" at the bottom of the screen. */}
        <Box visibleFrom="xs">
          <HeaderAction
            label={t('capture.title')}
            icon={<IconBolt {...ICON} />}
            onClick={openQuickCapture}
            shortcut={{ shown: SHORTCUT_KEYS.quickCapture, aria: SHORTCUT_KEYS.quickCapture }}
          />
        </Box>
        <RemindersButton onClick={reminders.open} />
        {compact ? (
          <HeaderMenu
            onToggleLayout={toggleWorkspaceLayout}
            stacked={layout === 'stacked'}
            onWorkspaceSettings={workspaceSettings.open}
            onSettings={settings.open}
          />
        ) : (
          <>
            <HeaderAction
              label={t('header.toggleLayout')}
              icon={layout === 'stacked' ? <IconLayoutRows {...ICON} /> : <IconLayoutColumns {...ICON} />}
              onClick={toggleWorkspaceLayout}
              pressed={layout === 'stacked'}
            />
            {/* On both pages, so every header button keeps its place from one page to the other. */}
            <HeaderAction
              label={t('workspaceSettings.title')}
              icon={<IconLayoutDashboard {...ICON} />}
              onClick={workspaceSettings.open}
            />
            <HeaderAction
              label={t('header.settings')}
              icon={<IconSettings {...ICON} />}
              onClick={settings.open}
            />
            {/* Phones seldom have a keyboard: the shortcuts' help stays off their crowded header. */}
            <Box visibleFrom="sm">
              <HeaderAction
                label={t('shortcuts.title')}
                icon={<IconKeyboard {...ICON} />}
                onClick={openShortcutsHelp}
              />
            </Box>
            <HeaderAction label={t('header.logout')} icon={<IconLogout {...ICON} />} to={PAGE_PATHS.logout} />
          </>
        )}
      </Group>

      <RemindersModal
        opened={remindersOpened}
        onClose={reminders.close}
        onOpenItem={(itemId, section) => {
          reminders.close();
          openItemSettings(itemId, section);
        }}
      />
      {workspaceSettingsLoaded && (
        <LoadBoundary retry={WorkspaceSettingsModal.retry}>
          <Suspense fallback={null}>
            <WorkspaceSettingsModal opened={workspaceSettingsOpened} onClose={workspaceSettings.close} />
          </Suspense>
        </LoadBoundary>
      )}
      <QuickCaptureHost opened={captureOpened} onClose={closeQuickCapture} />
      <CaptureFab />
      <Modal
        opened={settingsOpened}
        onClose={settings.close}
        title={t('settings.title')}
        size="lg"
        id={SETTINGS_ID}
        closeOnEscape={false}
      >
        <LoadBoundary retry={AppSettings.retry}>
          <Suspense
            fallback={
              <Center mih={240}>
                <Loader role="status" aria-label={t('common.loading')} />
              </Center>
            }
          >
            <AppSettings
              onOpenBox={(boxId) => {
                settings.close();
                void openBox(boxId);
              }}
            />
          </Suspense>
        </LoadBoundary>
      </Modal>
    </Group>
  );
}
