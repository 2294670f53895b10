/** Where the app runs: WeChat's in-app browser, a mini-program web-view, or an ordinary browser. */

function userAgent(): string {
  return globalThis.navigator?.userAgent ?? '';
}

export function isWeChat(ua: string = userAgent()): boolean {
  return /MicroMessenger/i.test(ua);
}

interface MiniProgramWindow {
  __wxjs_environment?: string;
}

export function isMiniProgram(ua: string = userAgent()): boolean {
  if (/miniProgram/i.test(ua)) return true;
  return (globalThis as MiniProgramWindow).__wxjs_environment === 'miniprogram';
}

export type Platform = 'miniprogram' | 'wechat' | 'browser';

export function detectPlatform(ua: string = userAgent()): Platform {
  if (isMiniProgram(ua)) return 'miniprogram';
  if (isWeChat(ua)) return 'wechat';
  return 'browser';
}
