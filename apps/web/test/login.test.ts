import {
  CODE_EMPTY,
  checkCode,
  checkPhone,
  clampCode,
  maskPhone,
  PHONE_EMPTY,
  PHONE_INVALID,
} from '@lawline/contract';
import type { UserInfo } from '@lawline/contract/schemas';
import { describe, expect, it, vi } from 'vitest';
import { clampPhone } from '../src/lib/phone.ts';
import { memoryStorage } from '../src/lib/storage.ts';
import { createSessionStore } from '../src/state/session.ts';

const info = (token: string): UserInfo => ({
  id: 7,
  token,
  mobile: '138****8000',
  nickname: '用户8000',
  avatar: '',
  showCoupon: 0,
  isGuide: 0,
  isMember: false,
  memberEntityList: [],
  unpaidOrderId: null,
});

describe('login form checks (spec §5)', () => {
  it('gives the spec messages for the phone and the code', () => {
    expect(checkPhone('')).toBe('请输入手机号');
    expect(checkPhone('  ')).toBe(PHONE_EMPTY);
    expect(checkPhone('12345')).toBe('请输入正确的手机号码');
    expect(checkPhone('12800138000')).toBe(PHONE_INVALID);
    expect(checkPhone('13800138000')).toBeNull();
    expect(checkCode('')).toBe('请输入验证码');
    expect(checkCode('')).toBe(CODE_EMPTY);
    expect(checkCode('123456')).toBeNull();
  });

  it('keeps at most 6 code digits and 11 phone digits', () => {
    expect(clampCode('12a345678')).toBe('123456');
    expect(clampPhone('138 0013-8000 99')).toBe('13800138000');
    expect(maskPhone('13800138000')).toBe('138****8000');
  });
});

describe('session: login and the pending after-login action (spec §4)', () => {
  it('runAfterLogin while logged out opens the popup and runs the action after completeLogin', async () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage, 'https://h/h5/gzh/#/Home');
    const claim = vi.fn();
    store.getState().runAfterLogin(claim);
    expect(store.getState().loginVisible).toBe(true);
    expect(claim).not.toHaveBeenCalled();

    store.getState().completeLogin(info('tok'));
    await Promise.resolve();
    expect(claim).toHaveBeenCalledTimes(1);
    expect(store.getState()).toMatchObject({ token: 'tok', loginVisible: false, pendingAfterLogin: null });
    expect(store.getState().userInfo?.id).toBe(7);
    expect(storage.getItem('token')).toBe('tok');
  });

  it('runs at once when logged in; a closed popup drops the pending action', async () => {
    const store = createSessionStore(memoryStorage({ token: 't' }), 'https://h/h5/gzh/#/Home');
    const now = vi.fn();
    store.getState().runAfterLogin(now);
    await Promise.resolve();
    expect(now).toHaveBeenCalledTimes(1);
    expect(store.getState().loginVisible).toBe(false);

    store.getState().clear();
    const later = vi.fn();
    store.getState().runAfterLogin(later);
    store.getState().hideLogin();
    store.getState().completeLogin(info('t2'));
    await Promise.resolve();
    expect(later).not.toHaveBeenCalled();
  });

  it('a failing after-login action does not break the login', async () => {
    const store = createSessionStore(memoryStorage(), 'https://h/h5/gzh/#/Home');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    store.getState().runAfterLogin(() => Promise.reject(new Error('claim failed')));
    expect(() => store.getState().completeLogin(info('tok'))).not.toThrow();
    await new Promise((r) => setTimeout(r, 0));
    expect(store.getState().token).toBe('tok');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
