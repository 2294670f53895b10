/** The `<template>` in index.html that holds the build's prefetch links (vite.config.ts). */
export const PREFETCH_TEMPLATE_ID = 'll-prefetch';

/**
 * Adds the prefetch links kept in index.html's template once the page has loaded and the browser
 * is idle: fetched earlier they took a slow link's bandwidth from the first screen.
 */
export function prefetchWhenLoaded(win: Window = window): void {
  const doc = win.document;
  const add = () => {
    const template = doc.getElementById(PREFETCH_TEMPLATE_ID);
    if (!(template instanceof HTMLTemplateElement)) return;
    template.remove();
    doc.head.append(template.content);
  };
  const whenIdle = () => {
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(add, { timeout: 2000 });
    else win.setTimeout(add, 200);
  };
  if (doc.readyState === 'complete') whenIdle();
  else win.addEventListener('load', whenIdle, { once: true });
}
