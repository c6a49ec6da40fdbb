import {
  type CSSVariablesResolver,
  createTheme,
  darken,
  defaultVariantColorsResolver,
  type MantineColorsTuple,
  type MantineThemeComponents,
  type VariantColorsResolver,
} from '@mantine/core';
import type { CalendarAriaLabels } from '@mantine/dates';
import { BREAKPOINTS, Z_INDEX } from '@nestbox/shared/constants';

/**
 * A calm sage-teal, soft as a background at 0–1. From shade 7 (the primary shade) on, text
 * in it on white, and white text on it, reach WCAG AA (4.5:1).
 */
const nest: MantineColorsTuple = [
  '#ecf7f4',
  '#ddeee9',
  '#b8dcd2',
  '#90c9b9',
  '#6fb8a4',
  '#59ad96',
  '#4ba78f',
  '#277a65',
  '#1f6b58',
  '#175c4b',
];

/**
 * The dark scheme's greys, leaning a little towards the sage of `nest` so dark pages stay
 * calm rather than cold: 0 is text, 7 the surface of panes and dialogs, 8–9 below it (the
 * page itself sits between them). Mantine's own grey uses: 4 borders, 5 hovers, 6 fields.
 */
const dark: MantineColorsTuple = [
  '#d5dcd9',
  '#b9c2bf',
  '#a3ada9',
  '#818c88',
  '#4a5451',
  '#373f3c',
  '#2f3634',
  '#252b29',
  '#1d2221',
  '#151918',
];

/**
 * Secondary text ('dimmed'), placeholders and field errors. Light: Mantine's (#868e96,
 * #adb5bd, #fa5252) are 3.3:1, 2:1 and 3.3:1 on white; these reach 4.5:1 on white, on the
 * page background and on hovered rows. Dark: Mantine's dimmed and error (dark 2, red 8) fall
 * short on fields and hovered rows; these reach 4.5:1 on every dark surface (dark 5 to 9).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5f676f',
    '--mantine-color-placeholder': '#6b737b',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-2)',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-2)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--mantine-color-anchor': 'var(--mantine-color-nest-3)',
  },
});

/**
 * Filled red (Delete, Unlink) takes red 9: white on Mantine's red 7 is 3.8:1, on red 9 5.6:1,
 * and the hovered shade only gets darker.
 */
const destructiveButtons: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'filled' || input.color !== 'red') return colors;
  const red = input.theme.colors.red[9];
  return { ...colors, background: red, hover: darken(red, 0.1) };
};

const em = (px: number) => `${px / 16}em`;

/** Accessible names of Mantine's built-in icon buttons, in the user's language. */
export interface ThemeLabels {
  close: string;
  passwordToggle: string;
  calendar: CalendarAriaLabels;
}

/**
 * Calendars name their arrows, and show only the month's own days: the neighbouring months'
 * days are drawn faint, too faint to read.
 */
const calendarDefaults = (labels: ThemeLabels) => ({
  defaultProps: { ariaLabels: labels.calendar, hideOutsideDates: true },
});

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
    // White on shade 7 is 5.2:1; on lighter shades, under 3.
    primaryShade: { light: 7, dark: 7 },
    colors: { nest, dark },
    variantColorResolver: destructiveButtons,
    defaultRadius: 'md',
    cursorType: 'pointer',
    // People who ask their system for less motion get no transitions.
    respectReducedMotion: true,
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
    components: components(labels, tooltipsEnabled),
  });
}

/**
 * Defaults of the components the app uses, by name: plain objects rather than
 * `Component.extend`, so the theme (which every page loads) imports none of the components
 * themselves and each page's code carries only the components it shows.
 */
function components(labels: ThemeLabels, tooltipsEnabled: boolean): MantineThemeComponents {
  return {
    Tooltip: {
      defaultProps: {
        disabled: !tooltipsEnabled,
        withArrow: true,
        openDelay: 300,
        events: { hover: true, focus: true, touch: false },
        // Beside its control, so it stays inside the control's landmark; fixed, so no
        // scrolling pane clips it.
        withinPortal: false,
        floatingStrategy: 'fixed',
      },
    },
    Modal: {
      defaultProps: {
        zIndex: Z_INDEX.modal,
        centered: true,
        radius: 'lg',
        closeButtonProps: { 'aria-label': labels.close },
      },
      styles: { title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } },
    },
    // A list of choices opens beside its field, so it stays inside the field's landmark (or dialog).
    Combobox: { defaultProps: { withinPortal: false } },
    // A modal's or a drawer's header is no page banner (a <header> there would be a second one).
    ModalHeader: { defaultProps: { component: 'div' } },
    Drawer: {
      defaultProps: { zIndex: Z_INDEX.modal, closeButtonProps: { 'aria-label': labels.close } },
      styles: { title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } },
    },
    DrawerHeader: { defaultProps: { component: 'div' } },
    DatePicker: calendarDefaults(labels),
    DatePickerInput: calendarDefaults(labels),
    PasswordInput: {
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': labels.passwordToggle } },
    },
    ActionIcon: { defaultProps: { variant: 'subtle', color: 'gray' } },
    Button: { defaultProps: { radius: 'md' } },
    Alert: { defaultProps: { variant: 'light', radius: 'md' } },
    Notification: {
      defaultProps: { radius: 'md', closeButtonProps: { 'aria-label': labels.close } },
    },
    Paper: { defaultProps: { radius: 'lg' } },
  };
}
