import { api } from '../../../api/client.ts';

export type ClaimResult = { ok: true; message: string } | { ok: false };

/**
 * activity/get: claim the channel campaign's coupon (spec §7). The claim's message is the envelope's
 * msg (§8: shown as a toast). Failures are quiet: the caller goes to the coupon page.
 */
export async function claimCoupon(activityId: number): Promise<ClaimResult> {
  let message = '';
  try {
    await api.post<unknown>(
      'activity/get',
      { activityId },
      {
        ignoreError: true,
        onMessage: (msg) => {
          message = msg;
        },
      },
    );
    return { ok: true, message };
  } catch {
    return { ok: false };
  }
}
