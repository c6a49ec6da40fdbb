import { Anchor, type AnchorProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A router link styled as text, for the small links under logged-out forms. */
export function AuthLink({ to, children, ...props }: AnchorProps & { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} fw={500} {...props}>
      {children}
    </Anchor>
  );
}
