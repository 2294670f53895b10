/** The `<template>`s in index.html that hold links the app adds itself (vite.config.ts). */
export const PREFETCH_TEMPLATE_ID = 'll-prefetch';
export const HOME_PRELOAD_TEMPLATE_ID = 'll-home-preload';

/** The links a template holds (none when it is not there); the template goes, so they are taken once. */
export function takeTemplateLinks(id: string, doc: Document = document): Element[] {
  const template = doc.getElementById(id);
  if (!(template instanceof HTMLTemplateElement)) return [];
  template.remove();
  return [...template.content.children];
}

/**
 * Adds `links` to the head `perTask` at a time, each batch in a task of its own (`schedule`), then
 * calls `done`: a link starts its request as it is added, which takes the main thread a millisecond
 * or more on a slow phone.
 */
export function addLinksInTasks(
  links: readonly Element[],
  perTask: number,
  schedule: (run: () => void) => void,
  done: () => void = () => {},
  doc: Document = document,
): void {
  if (links.length === 0) {
    done();
    return;
  }
  doc.head.append(...links.slice(0, perTask));
  schedule(() => addLinksInTasks(links.slice(perTask), perTask, schedule, done, doc));
}

/**
 * Adds the prefetch links kept in index.html's template once the page has loaded, one per idle
 * moment: fetched earlier they took a slow link's bandwidth from the first screen.
 */
export function prefetchWhenLoaded(win: Window = window): void {
  const whenIdle = (run: () => void) => {
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(run, { timeout: 2000 });
    else win.setTimeout(run, 200);
  };
  const start = () => whenIdle(() => addLinksInTasks(takeTemplateLinks(PREFETCH_TEMPLATE_ID), 1, whenIdle));
  if (win.document.readyState === 'complete') start();
  else win.addEventListener('load', start, { once: true });
}
