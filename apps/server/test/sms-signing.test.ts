import { describe, expect, it } from 'vitest';
import { AliyunSmsProvider, signAliyunRpc } from '../src/providers/sms/aliyun.ts';

describe('Aliyun RPC signature v1', () => {
  it("matches Aliyun's published example (DescribeRegions, testid/testsecret)", () => {
    const { stringToSign, signature } = signAliyunRpc(
      'GET',
      {
        Timestamp: '2016-02-23T12:46:24Z',
        Format: 'XML',
        AccessKeyId: 'testid',
        Action: 'DescribeRegions',
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
        Version: '2014-05-26',
        SignatureVersion: '1.0',
      },
      'testsecret',
    );
    expect(stringToSign).toBe(
      'GET&%2F&AccessKeyId%3Dtestid%26Action%3DDescribeRegions%26Format%3DXML%26SignatureMethod%3DHMAC-SHA1%26SignatureNonce%3D3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf%26SignatureVersion%3D1.0%26Timestamp%3D2016-02-23T12%253A46%253A24Z%26Version%3D2014-05-26',
    );
    expect(signature).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });

  it('SendSms requests carry the signed params and report vendor refusals', async () => {
    const seen: string[] = [];
    const provider = new AliyunSmsProvider({
      accessKeyId: 'testid',
      accessKeySecret: 'testsecret',
      signName: '律线',
      templateCode: 'SMS_0001',
      clock: () => Date.parse('2026-11-21T02:00:00Z'),
      nonce: () => 'nonce-1',
      fetch: async (input) => {
        seen.push(String(input));
        return new Response(JSON.stringify({ Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发流控' }), {
          status: 200,
        });
      },
    });
    await expect(provider.send({ mobile: '13800138000', code: '123456', purpose: 'login' })).rejects.toThrow(
      /BUSINESS_LIMIT_CONTROL/,
    );
    const url = new URL(seen[0] ?? '');
    expect(url.searchParams.get('Action')).toBe('SendSms');
    expect(url.searchParams.get('PhoneNumbers')).toBe('13800138000');
    expect(url.searchParams.get('TemplateParam')).toBe('{"code":"123456"}');
    const params = Object.fromEntries([...url.searchParams].filter(([k]) => k !== 'Signature'));
    expect(url.searchParams.get('Signature')).toBe(signAliyunRpc('GET', params, 'testsecret').signature);
  });
  it('notices use the TemplateCode configured for them, with their parameters', async () => {
    const seen: string[] = [];
    const provider = new AliyunSmsProvider({
      accessKeyId: 'testid',
      accessKeySecret: 'testsecret',
      signName: '律线',
      templateCode: 'SMS_0001',
      noticeTemplates: { letterSent: 'SMS_0002' },
      clock: () => Date.parse('2026-11-21T02:00:00Z'),
      nonce: () => 'nonce-2',
      fetch: async (input) => {
        seen.push(String(input));
        return new Response(JSON.stringify({ Code: 'OK', Message: 'OK' }), { status: 200 });
      },
    });
    const params = { trackingNo: 'SF1234567890123', carrier: '顺丰速运' };
    await provider.sendNotice({ mobile: '13900139000', template: 'letterSent', params, text: '…' });
    const url = new URL(seen[0] ?? '');
    expect(url.searchParams.get('TemplateCode')).toBe('SMS_0002');
    expect(JSON.parse(url.searchParams.get('TemplateParam') ?? '{}')).toEqual(params);
    const signed = Object.fromEntries([...url.searchParams].filter(([k]) => k !== 'Signature'));
    expect(url.searchParams.get('Signature')).toBe(signAliyunRpc('GET', signed, 'testsecret').signature);
    // A notice without an approved template is refused before anything is sent.
    await expect(
      provider.sendNotice({ mobile: '13900139000', template: 'meetingReminder', params: {}, text: '…' }),
    ).rejects.toThrow(/meetingReminder/);
    expect(seen).toHaveLength(1);
  });
});
