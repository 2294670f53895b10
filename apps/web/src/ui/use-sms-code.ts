import { checkPhone } from '@lawline/contract';
import { useState } from 'react';
import { showToast } from '../app/api-effects.ts';
import { countdownLabel, SENDING_LABEL } from '../lib/countdown.ts';
import { useCountdown } from './use-countdown.ts';

/**
 * The get-code link (spec §4, §5): checks the phone (toasting 请输入手机号 / 请输入正确的手机号码),
 * sends, then counts down 已发送(n秒) for 60 s; a failed send re-enables it at once.
 */
export function useSmsCode(send: (mobile: string) => Promise<unknown>) {
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);

  const request = async (mobile: string) => {
    if (sending || countdown.left > 0) return;
    const problem = checkPhone(mobile);
    if (problem) {
      showToast(problem);
      return;
    }
    setSending(true);
    try {
      await send(mobile.trim());
      countdown.start();
      showToast('验证码已发送');
    } catch {
      // The client has shown why (spec §8: a failed send only clears the loading state).
      countdown.reset();
    } finally {
      setSending(false);
    }
  };

  return {
    request,
    reset: countdown.reset,
    busy: sending || countdown.left > 0,
    label: sending ? SENDING_LABEL : countdownLabel(countdown.left),
  };
}
