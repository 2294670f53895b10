import { describe, expect, it } from 'vitest';
import { isIOS, jsSdkSignUrl, withoutHash } from '../src/platform/wechat.ts';

const iosWeChat =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
const androidWeChat =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UQ1A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MMWEBID/1234 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';

describe('the URL signed for the JS-SDK (providers.md)', () => {
  const landed = 'https://law.example.com/h5/gzh/?channel=czh&token=abc#/Home';
  const current = 'https://law.example.com/h5/gzh/?channel=czh#/User';

  it('iOS signs the URL the person landed on, without the hash', () => {
    expect(isIOS(iosWeChat)).toBe(true);
    expect(jsSdkSignUrl(iosWeChat, landed, current)).toBe(
      'https://law.example.com/h5/gzh/?channel=czh&token=abc',
    );
  });

  it('Android signs the current URL, without the hash', () => {
    expect(isIOS(androidWeChat)).toBe(false);
    expect(jsSdkSignUrl(androidWeChat, landed, current)).toBe('https://law.example.com/h5/gzh/?channel=czh');
  });

  it('falls back to the current URL when no entry was recorded; strips only from the first #', () => {
    expect(jsSdkSignUrl(iosWeChat, '', current)).toBe('https://law.example.com/h5/gzh/?channel=czh');
    expect(withoutHash('https://h/a?b=1#/X#y')).toBe('https://h/a?b=1');
    expect(withoutHash('https://h/a?b=1')).toBe('https://h/a?b=1');
  });
});
