import { readFileSync } from 'node:fs';
import { Slogan } from '@lawline/contract';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../src/lib/storage.ts';
import { readUrlParam, withoutUrlParams } from '../src/lib/url.ts';
import { isMiniProgram, isWeChat } from '../src/platform/detect.ts';
import { createChannelStore, resolveChannelKey } from '../src/state/channel.ts';
import { createSessionStore, initialToken } from '../src/state/session.ts';

describe('address parameters', () => {
  it('reads a parameter from the query or from the hash route query (hash wins)', () => {
    expect(readUrlParam('channel', 'https://h/h5/gzh/?channel=czh#/Home')).toBe('czh');
    expect(readUrlParam('channel', 'https://h/h5/gzh/#/Home?channel=paky')).toBe('paky');
    expect(readUrlParam('channel', 'https://h/h5/gzh/?channel=czh#/Home?channel=paky')).toBe('paky');
    expect(readUrlParam('channel', 'https://h/h5/gzh/#/Home')).toBeNull();
  });

  it('removes parameters from both places', () => {
    expect(withoutUrlParams('https://h/h5/gzh/?token=a&x=1#/User?token=b&y=2', ['token'])).toBe(
      'https://h/h5/gzh/?x=1#/User?y=2',
    );
    expect(withoutUrlParams('https://h/h5/gzh/#/User?token=b', ['token'])).toBe('https://h/h5/gzh/#/User');
  });
});

describe('channel at start', () => {
  it('takes ?channel= and remembers it, else the remembered one, else gzh', () => {
    const storage = memoryStorage();
    expect(resolveChannelKey(storage, 'https://h/h5/gzh/#/Home')).toBe('gzh');
    expect(resolveChannelKey(storage, 'https://h/h5/gzh/#/Home?channel=czh')).toBe('czh');
    expect(storage.getItem('channel')).toBe('czh');
    expect(resolveChannelKey(storage, 'https://h/h5/gzh/#/Home')).toBe('czh');
    expect(resolveChannelKey(storage, 'https://h/h5/gzh/?channel=bad%20one#/Home')).toBe('czh');
    expect(createChannelStore(storage, 'https://h/h5/gzh/?channel=zxyh').getState().key).toBe('zxyh');
  });
});

describe('session at start', () => {
  it('takes ?token= from the address and stores it, else the stored one', () => {
    const storage = memoryStorage();
    expect(initialToken(storage, 'https://h/h5/gzh/#/Home')).toBeNull();
    expect(initialToken(storage, 'https://h/h5/gzh/#/User?token=abc')).toBe('abc');
    expect(storage.getItem('token')).toBe('abc');
    expect(initialToken(storage, 'https://h/h5/gzh/#/Home')).toBe('abc');
  });

  it('clear() forgets token, user info and center', () => {
    const storage = memoryStorage({ token: 't' });
    const store = createSessionStore(storage, 'https://h/h5/gzh/#/Home');
    store.getState().setUserInfo({
      id: 1,
      token: 't',
      mobile: '138****8000',
      nickname: '用户8000',
      avatar: '',
      showCoupon: 0,
      isGuide: 0,
      isMember: false,
      memberEntityList: [],
      unpaidOrderId: null,
    });
    store.getState().setUserCenter({ isMember: 1 });
    store.getState().showLogin();
    store.getState().clear();
    expect(store.getState()).toMatchObject({
      token: null,
      userInfo: null,
      userCenter: null,
      loginVisible: true,
    });
    expect(storage.getItem('token')).toBeNull();
  });
});

describe('platform detection', () => {
  it('recognises WeChat and the mini-program', () => {
    const wechat = 'Mozilla/5.0 (iPhone) AppleWebKit Mobile MicroMessenger/8.0.40 NetType/WIFI';
    expect(isWeChat(wechat)).toBe(true);
    expect(isWeChat('Mozilla/5.0 (iPhone) Safari')).toBe(false);
    expect(isMiniProgram(`${wechat} miniProgram`)).toBe(true);
    expect(isMiniProgram(wechat)).toBe(false);
  });
});

describe('index.html', () => {
  const html = readFileSync(new URL('../index.html', import.meta.url), 'utf8');
  it('paints the splash with the contract slogan before any script', () => {
    expect(html).toContain('id="splash"');
    expect(html).toContain(Slogan);
    expect(html.indexOf('id="splash"')).toBeLessThan(html.indexOf('<script'));
  });
});
