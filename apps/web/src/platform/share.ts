/**
 * Share data (spec §2: updated on every route): document title, Open Graph tags, and the WeChat
 * JS-SDK share calls when the SDK is on the page (its `wx.config` comes with weixin/getJSConfig).
 */
export interface ShareData {
  title: string;
  desc: string;
  link: string;
  imgUrl: string;
}

interface WxShareOptions extends ShareData {
  success?: () => void;
}

interface WxSdk {
  ready?(callback: () => void): void;
  updateAppMessageShareData?(options: WxShareOptions): void;
  updateTimelineShareData?(options: Omit<WxShareOptions, 'desc'>): void;
}

declare global {
  interface Window {
    wx?: WxSdk;
  }
}

function setMeta(property: string, content: string): void {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[property="${property}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.setAttribute('property', property);
    document.head.appendChild(meta);
  }
  meta.setAttribute('content', content);
}

let last: { data: ShareData; documentTitle: string } | null = null;

/** Apply the current route's share data again (after the JS-SDK has been configured). */
export function reapplyShareData(): void {
  if (last) updateShareData(last.data, last.documentTitle);
}

export function updateShareData(data: ShareData, documentTitle: string = data.title): void {
  if (typeof document === 'undefined') return;
  last = { data, documentTitle };
  document.title = documentTitle;
  setMeta('og:title', data.title);
  setMeta('og:description', data.desc);
  setMeta('og:url', data.link);
  setMeta('og:image', data.imgUrl);

  const wx = typeof window === 'undefined' ? undefined : window.wx;
  if (!wx) return;
  const apply = () => {
    try {
      wx.updateAppMessageShareData?.(data);
      wx.updateTimelineShareData?.({ title: data.title, link: data.link, imgUrl: data.imgUrl });
    } catch (error) {
      console.warn('[share]', error);
    }
  };
  if (wx.ready) wx.ready(apply);
  else apply();
}
