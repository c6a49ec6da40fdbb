import { SLACK_LINK_QUERY, SLACK_LINK_RESULTS, type SlackLinkResult } from '@nestbox/shared/slack/slack-link';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notify } from '../../../lib/notify';

const isResult = (value: string | null): value is SlackLinkResult =>
  SLACK_LINK_RESULTS.some((result) => result === value);

/**
 * After Slack's consent page the server sends the browser to `/app?slack=<result>`: say how
 * it went, once, and take the parameter out of the address.
 */
export function useSlackLinkNotice(ready: boolean): void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const result = params.get(SLACK_LINK_QUERY);

  useEffect(() => {
    if (!ready || !isResult(result)) return;
    notify({
      type: result === 'linked' ? 'success' : 'error',
      message: t(`slack.link.${result}`),
      timeout: 8_000,
    });
    if (result === 'linked') void queryClient.invalidateQueries({ queryKey: ['slack'] });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(SLACK_LINK_QUERY);
        return next;
      },
      { replace: true },
    );
  }, [ready, result, t, queryClient, setParams]);
}
