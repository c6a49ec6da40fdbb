import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconClockExclamation, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

const tones = {
  success: { color: 'nest', Icon: IconCircleCheck },
  error: { color: 'red', Icon: IconAlertCircle },
  warning: { color: 'yellow', Icon: IconClockExclamation },
  info: { color: 'blue', Icon: IconInfoCircle },
} as const;

/** A calm, announced message inside a logged-out card (success, failure, expiry…). */
export function AuthNotice({ tone, children }: { tone: keyof typeof tones; children: ReactNode }) {
  const { color, Icon } = tones[tone];
  return (
    <Alert color={color} icon={<Icon size={20} stroke={1.8} />} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </Alert>
  );
}
