import { describe, expect, it } from 'vitest';
import { redactUrl } from '../src/http/log-redaction.ts';

describe('log redaction', () => {
  it('keeps tokens, OAuth codes and states out of logged URLs', () => {
    expect(redactUrl('/api/websocket/12?token=abcdef')).toBe('/api/websocket/12?token=%5Bredacted%5D');
    expect(redactUrl('/api/v2/weixin/bindAuthorize?code=c1&state=s1&x=1')).toBe(
      '/api/v2/weixin/bindAuthorize?code=%5Bredacted%5D&state=%5Bredacted%5D&x=1',
    );
    expect(redactUrl('/api/v2/content?page=1')).toBe('/api/v2/content?page=1');
    expect(redactUrl('/healthz')).toBe('/healthz');
  });
});
