import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';

import { Notifications } from '@mantine/notifications';
import { Z_INDEX } from '@nestbox/shared/constants';

/** Mantine's notifications, top right, with their styles. */
export default function NotificationsContainer() {
  return (
    <Notifications
      zIndex={Z_INDEX.notifications}
      position="top-right"
      // Narrow enough to sit beside a large modal at 1280 px, clear of its close button.
      containerWidth={300}
      withinPortal={false}
    />
  );
}
