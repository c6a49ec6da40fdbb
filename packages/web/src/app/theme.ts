import {
  ActionIcon,
  Alert,
  Button,
  createTheme,
  type MantineColorsTuple,
  Modal,
  Notification,
  Paper,
  PasswordInput,
  Tooltip,
} from '@mantine/core';
import { BREAKPOINTS, Z_INDEX } from '@nestbox/shared/constants';

/** A calm sage-teal: readable on white at shades 6–9, soft as a background at 0–1. */
const nest: MantineColorsTuple = [
  '#ecf7f4',
  '#ddeee9',
  '#b8dcd2',
  '#90c9b9',
  '#6fb8a4',
  '#59ad96',
  '#4ba78f',
  '#3a927b',
  '#2e826d',
  '#1b715d',
];

const em = (px: number) => `${px / 16}em`;

/** Accessible names of Mantine's built-in icon buttons, in the user's language. */
export interface ThemeLabels {
  close: string;
  passwordToggle: string;
}

/**
 * The app's theme. `tooltipsEnabled` comes from the Customizations tab and switches every
 * Tooltip in the app at once, so no component has to remember to check it; `labels` name
 * the icon buttons Mantine draws itself (modal close, password visibility).
 */
export function createAppTheme({
  tooltipsEnabled,
  labels,
}: {
  tooltipsEnabled: boolean;
  labels: ThemeLabels;
}) {
  return createTheme({
    primaryColor: 'nest',
    primaryShade: { light: 7, dark: 5 },
    colors: { nest },
    defaultRadius: 'md',
    cursorType: 'pointer',
    fontFamily:
      'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    headings: { fontWeight: '650' },
    breakpoints: {
      xs: em(BREAKPOINTS.sm - 96),
      sm: em(BREAKPOINTS.sm),
      md: em(BREAKPOINTS.md),
      lg: em(BREAKPOINTS.lg),
      xl: em(BREAKPOINTS.xl),
    },
    components: {
      Tooltip: Tooltip.extend({
        defaultProps: {
          disabled: !tooltipsEnabled,
          withArrow: true,
          openDelay: 300,
          events: { hover: true, focus: true, touch: false },
        },
      }),
      Modal: Modal.extend({
        defaultProps: {
          zIndex: Z_INDEX.modal,
          centered: true,
          radius: 'lg',
          closeButtonProps: { 'aria-label': labels.close },
        },
        styles: { title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } },
      }),
      PasswordInput: PasswordInput.extend({
        defaultProps: { visibilityToggleButtonProps: { 'aria-label': labels.passwordToggle } },
      }),
      ActionIcon: ActionIcon.extend({ defaultProps: { variant: 'subtle', color: 'gray' } }),
      Button: Button.extend({ defaultProps: { radius: 'md' } }),
      Alert: Alert.extend({ defaultProps: { variant: 'light', radius: 'md' } }),
      Notification: Notification.extend({ defaultProps: { radius: 'md' } }),
      Paper: Paper.extend({ defaultProps: { radius: 'lg' } }),
    },
  });
}
