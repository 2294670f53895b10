/**
 * The address the person landed on, recorded before anything rewrites it (main.tsx imports this
 * module first). iOS WeChat signs JS-SDK calls against this URL; see platform/wechat.ts.
 */
export const entryUrl: string = typeof window === 'undefined' ? '' : window.location.href;
