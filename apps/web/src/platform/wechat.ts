import type { JsConfig } from '@lawline/contract/schemas';
import { api } from '../api/client.ts';
import { isWeChat } from './detect.ts';
import { entryUrl } from './entry-url.ts';
import { reapplyShareData } from './share.ts';

/**
 * WeChat's in-app browser (providers.md "WeChat OAuth and JS-SDK", "Browser facts"): load the
 * JS-SDK only there, sign the right URL with weixin/getJSConfig, `wx.config`, and let share.ts set
 * the share data per route. The mini-program web-view is known after WeixinJSBridgeReady.
 */

export const JSSDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';
const SCRIPT_ID = 'wechat-jssdk';

/** The JS-SDK APIs the app uses: share (spec §2) and pay (the payment feature). */
export const JS_API_LIST = [
  'updateAppMessageShareData',
  'updateTimelineShareData',
  'onMenuShareAppMessage',
  'onMenuShareTimeline',
  'chooseWXPay',
] as const;

export function isIOS(ua: string): boolean {
  return /iPhone|iPad|iPod|iOS/i.test(ua);
}

/** A URL as WeChat signs it: everything before '#'. */
export function withoutHash(url: string): string {
  const at = url.indexOf('#');
  return at >= 0 ? url.slice(0, at) : url;
}

/**
 * The URL to send to weixin/getJSConfig: on iOS WeChat signs against the URL the person first
 * landed on, on Android (and elsewhere) the current one; never with the '#…' part.
 */
export function jsSdkSignUrl(ua: string, landedOn: string, current: string): string {
  return withoutHash(isIOS(ua) && landedOn ? landedOn : current);
}

interface WxConfig {
  debug: boolean;
  appId: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
  jsApiList: readonly string[];
}

interface WxSdkWithConfig {
  config?(config: WxConfig): void;
  error?(callback: (result: unknown) => void): void;
  ready?(callback: () => void): void;
  miniProgram?: { getEnv?(callback: (res: { miniprogram?: boolean }) => void): void };
}

interface WeChatWindow {
  __wxjs_environment?: string;
  WeixinJSBridge?: unknown;
}

function loadScript(src: string, doc: Document = document): Promise<void> {
  return new Promise((resolve, reject) => {
    const existing = doc.getElementById(SCRIPT_ID) as HTMLScriptElement | null;
    if (existing?.dataset.loaded === '1') {
      resolve();
      return;
    }
    const script = existing ?? doc.createElement('script');
    script.addEventListener('load', () => {
      script.dataset.loaded = '1';
      resolve();
    });
    script.addEventListener('error', () => reject(new Error(`failed to load ${src}`)));
    if (!existing) {
      script.id = SCRIPT_ID;
      script.async = true;
      script.src = src;
      doc.head.appendChild(script);
    }
  });
}

/**
 * Whether the page runs in a mini-program web-view: `window.__wxjs_environment === 'miniprogram'`,
 * which WeChat sets by WeixinJSBridgeReady. Resolves false outside WeChat at once.
 */
export function detectMiniProgram(ua: string = navigator.userAgent, timeoutMs = 3000): Promise<boolean> {
  const w = window as WeChatWindow;
  if (/miniProgram/i.test(ua) || w.__wxjs_environment === 'miniprogram') return Promise.resolve(true);
  if (!isWeChat(ua)) return Promise.resolve(false);
  if (w.WeixinJSBridge) return Promise.resolve(w.__wxjs_environment === 'miniprogram');
  return new Promise((resolve) => {
    const done = () => {
      document.removeEventListener('WeixinJSBridgeReady', done);
      clearTimeout(timer);
      resolve(w.__wxjs_environment === 'miniprogram');
    };
    const timer = setTimeout(done, timeoutMs);
    document.addEventListener('WeixinJSBridgeReady', done, false);
  });
}

let started: Promise<boolean> | null = null;

/**
 * Inside WeChat: load the JS-SDK, sign, `wx.config`, then re-apply the current route's share data.
 * Resolves true when configured; outside WeChat it does nothing (no script is loaded).
 */
export function initWeChat(ua: string = navigator.userAgent): Promise<boolean> {
  if (!isWeChat(ua)) return Promise.resolve(false);
  started ??= (async () => {
    try {
      await loadScript(JSSDK_URL);
      const wx = (window as unknown as { wx?: WxSdkWithConfig }).wx;
      if (!wx?.config) return false;
      const url = jsSdkSignUrl(ua, entryUrl, window.location.href);
      const config = await api.get<JsConfig>('weixin/getJSConfig', { url }, { ignoreError: true });
      wx.error?.((result) => console.warn('[wechat] wx.config failed', result));
      wx.config({
        debug: false,
        appId: config.appId,
        timestamp: config.timestamp,
        nonceStr: config.nonceStr,
        signature: config.signature,
        jsApiList: JS_API_LIST,
      });
      reapplyShareData();
      return true;
    } catch (error) {
      console.warn('[wechat] JS-SDK unavailable', error);
      return false;
    }
  })();
  return started;
}

/**
 * WeChat OAuth (snsapi_base) for the openid payment needs: ask weixin/authorize for the URL and go
 * there; WeChat comes back through weixin/bindAuthorize to `#/{router}`.
 */
export async function authorizeWeChat(router: string): Promise<void> {
  const { url } = await api.post<{ url: string; state: string }>('weixin/authorize', { router });
  window.location.replace(url);
}
