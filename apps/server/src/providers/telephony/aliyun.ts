import { randomUUID } from 'node:crypto';
import { percentEncode, signAliyunRpc } from '../sms/aliyun.ts';
import { type AxbBinding, type BindAxbInput, formatBeijingTime, type TelephonyProvider } from './port.ts';

export type AliyunTelephonyOptions = {
  accessKeyId: string;
  accessKeySecret: string;
  poolKey: string;
  endpoint?: string;
  fetch?: typeof fetch;
  clock?: () => number;
  nonce?: () => string;
};

type DyplsResult = {
  Code?: string;
  Message?: string;
  SecretBindDTO?: { SubsId?: string | number; SecretNo?: string };
};

/**
 * Aliyun privacy numbers (Dyplsapi 2017-05-25): BindAxb and UnbindSubscription, RPC signature v1
 * (the SMS adapter's signAliyunRpc). Expiration is Beijing time 'yyyy-MM-dd HH:mm:ss'; OutId
 * carries our order id so the call records name the order.
 */
export class AliyunTelephonyProvider implements TelephonyProvider {
  readonly name = 'aliyun';
  readonly isSandbox = false;

  constructor(private readonly options: AliyunTelephonyOptions) {}

  buildRequestUrl(action: string, extra: Record<string, string>): string {
    const o = this.options;
    const now = new Date((o.clock ?? Date.now)());
    const params: Record<string, string> = {
      AccessKeyId: o.accessKeyId,
      Action: action,
      Format: 'JSON',
      PoolKey: o.poolKey,
      RegionId: 'cn-hangzhou',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: (o.nonce ?? randomUUID)(),
      SignatureVersion: '1.0',
      Timestamp: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
      ...extra,
    };
    const { canonical, signature } = signAliyunRpc('GET', params, o.accessKeySecret);
    const endpoint = o.endpoint ?? 'https://dyplsapi.aliyuncs.com/';
    return `${endpoint}?Signature=${percentEncode(signature)}&${canonical}`;
  }

  private async call(action: string, extra: Record<string, string>): Promise<DyplsResult> {
    const res = await (this.options.fetch ?? fetch)(this.buildRequestUrl(action, extra), {
      signal: AbortSignal.timeout(10_000),
    });
    const result = (await res.json().catch(() => ({}))) as DyplsResult;
    if (!res.ok || result.Code !== 'OK') {
      throw new Error(`Aliyun ${action} failed: ${result.Code ?? res.status} ${result.Message ?? ''}`.trim());
    }
    return result;
  }

  async bindAxb(input: BindAxbInput): Promise<AxbBinding> {
    const now = (this.options.clock ?? Date.now)();
    const result = await this.call('BindAxb', {
      PhoneNoA: input.phoneA,
      PhoneNoB: input.phoneB,
      Expiration: formatBeijingTime(now + input.expirationSeconds * 1000),
      OutId: input.orderId,
      IsRecordingEnabled: 'false',
    });
    const dto = result.SecretBindDTO;
    if (!dto?.SubsId || !dto.SecretNo) throw new Error('Aliyun BindAxb answered no SubsId/SecretNo');
    return { subsId: String(dto.SubsId), secretNo: dto.SecretNo };
  }

  async unbind(binding: AxbBinding): Promise<void> {
    await this.call('UnbindSubscription', { SubsId: binding.subsId, SecretNo: binding.secretNo });
  }
}
