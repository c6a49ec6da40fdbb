import { TextInput, type TextInputProps } from '@mantine/core';

/**
 * A two-factor code: the six digits an authenticator app shows or a recovery code, in a
 * monospace font that keeps look-alike characters apart. Browsers and password managers may
 * fill it in (`one-time-code`).
 */
export function OneTimeCodeInput(props: TextInputProps) {
  return (
    <TextInput
      autoComplete="one-time-code"
      spellCheck={false}
      autoCapitalize="off"
      maxLength={32}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.08em' } }}
      {...props}
    />
  );
}
