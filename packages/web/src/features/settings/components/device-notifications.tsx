import { Alert, Button, Group, Stack, Switch } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotifyFailure } from '../../../hooks/use-notify-failure';
import { sendTestPush } from '../../../lib/api/push-subscriptions';
import { isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import {
  currentPushSubscription,
  type PushProblem,
  pushProblemOf,
  pushSupport,
  turnOffPush,
  turnOnPush,
} from '../../../lib/push';

const THIS_DEVICE_KEY = ['push', 'this-device'] as const;

/** Why the device cannot be notified, and that reminders still reach the person otherwise. */
function PushProblemText({ problem }: { problem: PushProblem }) {
  const { t } = useTranslation();
  return (
    <>
      {t(`settings.push.problem.${problem}`)} {t('settings.push.stillWorks')}
    </>
  );
}

/**
 * Customizations → Notifications: this device's reminders as push notifications (a switch
 * per device, since the subscription lives in this browser), and a test notification.
 */
export function DeviceNotifications() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const notifyFailure = useNotifyFailure();
  const support = pushSupport();
  const [problem, setProblem] = useState<PushProblem>();
  // The reason shows beside the switch, brought into view (the settings sheet may have scrolled).
  const problemRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (problem) problemRef.current?.scrollIntoView({ block: 'nearest' });
  }, [problem]);
  const device = useQuery({
    queryKey: THIS_DEVICE_KEY,
    queryFn: async () => (await currentPushSubscription())?.endpoint ?? null,
    enabled: support === 'supported',
  });
  const toggle = useMutation({
    mutationFn: async (on: boolean) => {
      if (on) return turnOnPush();
      await turnOffPush();
      return 'off' as const;
    },
    onMutate: () => setProblem(undefined),
    onSuccess: (result) => {
      if (result === 'denied') setProblem('denied');
      void queryClient.invalidateQueries({ queryKey: THIS_DEVICE_KEY });
    },
    // The API's failures are told as every failure is; the browser's (its push service) here.
    onError: (error) => (isApiError(error) ? notifyFailure(error) : setProblem(pushProblemOf(error))),
  });
  const test = useMutation({
    mutationFn: (endpoint: string) => sendTestPush(endpoint),
    onSuccess: ({ delivered }) => {
      if (delivered) notify({ type: 'success', message: t('settings.push.testSent') });
      else {
        notify({ type: 'warning', message: t('settings.push.testFailed') });
        void queryClient.invalidateQueries({ queryKey: THIS_DEVICE_KEY });
      }
    },
    onError: (error) => notifyFailure(error),
  });

  if (support !== 'supported')
    return (
      <Alert variant="light" color="gray" icon={<IconBellRinging size={18} />}>
        <PushProblemText problem={support} />
      </Alert>
    );

  const endpoint = device.data ?? null;
  return (
    <Stack gap="xs">
      <Switch
        size="md"
        label={t('settings.push.label')}
        description={t('settings.push.description')}
        checked={endpoint !== null}
        disabled={device.isPending || toggle.isPending}
        onChange={(event) => toggle.mutate(event.currentTarget.checked)}
      />
      {problem ? (
        <Alert ref={problemRef} variant="light" color="yellow" role="status">
          <PushProblemText problem={problem} />
        </Alert>
      ) : null}
      {endpoint ? (
        <Group>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconBellRinging size={16} />}
            loading={test.isPending}
            onClick={() => test.mutate(endpoint)}
          >
            {t('settings.push.test')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
