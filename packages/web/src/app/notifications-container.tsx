import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';

import { Notifications } from '@mantine/notifications';
import { Z_INDEX } from '@nestbox/shared/constants';

/**
 * Mantine's notifications, bottom left, with their styles: clear of the panes' header buttons
 * (top) and of the capture button phones show at the bottom right.
 */
export default function NotificationsContainer() {
  return (
    <Notifications
      zIndex={Z_INDEX.notifications}
      position="bottom-left"
      // Narrow enough to leave a phone's bottom-right corner free.
      containerWidth={300}
      withinPortal={false}
    />
  );
}
