import { createHmac, randomUUID } from 'node:crypto';
import type { SmsMessage, SmsNotice, SmsProvider } from './port.ts';

/** RFC 3986 percent-encoding as Aliyun's RPC signature wants it. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * Aliyun RPC signature v1: params sorted, percent-encoded, `METHOD&%2F&enc(query)`,
 * Base64(HMAC-SHA1(secret + "&", stringToSign)).
 */
export function signAliyunRpc(
  method: 'GET' | 'POST',
  params: Record<string, string>,
  accessKeySecret: string,
) {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k] ?? '')}`)
    .join('&');
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonical)}`;
  const signature = createHmac('sha1', `${accessKeySecret}&`).update(stringToSign).digest('base64');
  return { canonical, stringToSign, signature };
}

export type AliyunSmsOptions = {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  /** Notice template name → the Aliyun TemplateCode approved for it (ALIYUN_SMS_NOTICE_TEMPLATES). */
  noticeTemplates?: Record<string, string>;
  endpoint?: string;
  fetch?: typeof fetch;
  clock?: () => number;
  nonce?: () => string;
};

/** Aliyun SendSms (dysmsapi 2017-05-25). The API is not idempotent: we never retry a send. */
export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun';
  readonly isSandbox = false;

  constructor(private readonly options: AliyunSmsOptions) {}

  buildRequestUrl(message: SmsMessage): string {
    return this.requestUrl(message.mobile, this.options.templateCode, { code: message.code });
  }

  /** The signed GET URL of one SendSms call. */
  requestUrl(mobile: string, templateCode: string, templateParam: Record<string, string>): string {
    const o = this.options;
    const now = new Date((o.clock ?? Date.now)());
    const params: Record<string, string> = {
      AccessKeyId: o.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: mobile,
      RegionId: 'cn-hangzhou',
      SignName: o.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: (o.nonce ?? randomUUID)(),
      SignatureVersion: '1.0',
      TemplateCode: templateCode,
      TemplateParam: JSON.stringify(templateParam),
      Timestamp: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    const { canonical, signature } = signAliyunRpc('GET', params, o.accessKeySecret);
    const endpoint = o.endpoint ?? 'https://dysmsapi.aliyuncs.com/';
    return `${endpoint}?Signature=${percentEncode(signature)}&${canonical}`;
  }

  async send(message: SmsMessage): Promise<void> {
    await this.call(this.buildRequestUrl(message));
  }

  async sendNotice(notice: SmsNotice): Promise<void> {
    const templateCode = this.options.noticeTemplates?.[notice.template];
    if (!templateCode)
      throw new Error(`Aliyun SMS: no TemplateCode configured for notice ${notice.template}`);
    await this.call(this.requestUrl(notice.mobile, templateCode, notice.params));
  }

  private async call(url: string): Promise<void> {
    const res = await (this.options.fetch ?? fetch)(url, {
      signal: AbortSignal.timeout(10_000),
    });
    const result = (await res.json().catch(() => ({}))) as { Code?: string; Message?: string };
    if (!res.ok || result.Code !== 'OK') {
      throw new Error(`Aliyun SendSms failed: ${result.Code ?? res.status} ${result.Message ?? ''}`.trim());
    }
  }
}
