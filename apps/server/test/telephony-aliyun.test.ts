import { describe, expect, it } from 'vitest';
import { signAliyunRpc } from '../src/providers/sms/aliyun.ts';
import { AliyunTelephonyProvider } from '../src/providers/telephony/aliyun.ts';

function provider(reply: unknown, seen: string[], status = 200) {
  return new AliyunTelephonyProvider({
    accessKeyId: 'testid',
    accessKeySecret: 'testsecret',
    poolKey: 'FC100000000000000',
    clock: () => Date.parse('2026-11-21T02:00:00Z'),
    nonce: () => 'nonce-1',
    fetch: async (input) => {
      seen.push(String(input));
      return new Response(JSON.stringify(reply), { status });
    },
  });
}

function signedParams(url: URL) {
  return Object.fromEntries([...url.searchParams].filter(([k]) => k !== 'Signature'));
}

describe('Aliyun privacy numbers (Dyplsapi), offline', () => {
  it('BindAxb sends both real numbers only to the vendor, signed, and returns the masked number', async () => {
    const seen: string[] = [];
    const p = provider({ Code: 'OK', SecretBindDTO: { SubsId: 1000000123, SecretNo: '17100000001' } }, seen);
    const binding = await p.bindAxb({
      orderId: 'T2026112100000001',
      phoneA: '13800138000',
      phoneB: '17000010002',
      expirationSeconds: 3600,
    });
    expect(binding).toEqual({ subsId: '1000000123', secretNo: '17100000001' });
    const url = new URL(seen[0] ?? '');
    expect(url.hostname).toBe('dyplsapi.aliyuncs.com');
    expect(url.searchParams.get('Action')).toBe('BindAxb');
    expect(url.searchParams.get('PoolKey')).toBe('FC100000000000000');
    expect(url.searchParams.get('OutId')).toBe('T2026112100000001');
    // Beijing time, one hour after 10:00 +08:00.
    expect(url.searchParams.get('Expiration')).toBe('2026-11-21 11:00:00');
    expect(url.searchParams.get('Signature')).toBe(
      signAliyunRpc('GET', signedParams(url), 'testsecret').signature,
    );
  });

  it('UnbindSubscription names the binding', async () => {
    const seen: string[] = [];
    await provider({ Code: 'OK' }, seen).unbind({ subsId: '42', secretNo: '17100000001' });
    const url = new URL(seen[0] ?? '');
    expect(url.searchParams.get('Action')).toBe('UnbindSubscription');
    expect(url.searchParams.get('SubsId')).toBe('42');
    expect(url.searchParams.get('Signature')).toBe(
      signAliyunRpc('GET', signedParams(url), 'testsecret').signature,
    );
  });

  it('a vendor refusal or a broken answer is an error, never a fake binding', async () => {
    await expect(
      provider({ Code: 'isv.NO_AVAILABLE_NUMBER', Message: '无可用号码' }, []).bindAxb({
        orderId: 'T1',
        phoneA: '13800138000',
        phoneB: '17000010002',
        expirationSeconds: 60,
      }),
    ).rejects.toThrow(/NO_AVAILABLE_NUMBER/);
    await expect(
      provider({ Code: 'OK' }, []).bindAxb({
        orderId: 'T1',
        phoneA: '1',
        phoneB: '2',
        expirationSeconds: 60,
      }),
    ).rejects.toThrow(/SubsId/);
    await expect(provider('oops', [], 500).unbind({ subsId: '1', secretNo: '2' })).rejects.toThrow(/500/);
  });
});
