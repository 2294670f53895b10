/**
 * What the width sweep checks on a page as it is shown (issue 23, acceptance 3). `auditLayout` runs
 * inside the page (page.evaluate) and must not use anything from this module's scope.
 *
 * - Sideways scroll: documentElement.scrollWidth > documentElement.clientWidth (a mobile viewport
 *   widens innerWidth to fit overflowing content, so innerWidth proves nothing).
 * - Off screen: a visible element's box leaves [0, width] — unless an ancestor clips or scrolls it
 *   sideways (carousels, chip rows that scroll); such an ancestor is checked itself.
 * - Text cut: a text's box crosses the edge of an ancestor that clips it (overflow hidden/clip, not a
 *   scroller), and neither that ancestor nor the text's element has text-overflow: ellipsis or a line
 *   clamp. Also text squeezed to one character per line.
 * - Tab bar: on a tab page the tab bar shows, and wherever it shows it is inside the viewport.
 * - Tap targets (WCAG 2.2 SC 2.5.8): every visible a[href], button, input, select, textarea, label
 *   around an input, summary and [role=button|link|tab|checkbox|radio|switch|menuitem|option] is at
 *   least 24×24 CSS px (a tab bar link: its whole tab item). Exempt as WCAG says: targets inline in a
 *   sentence (display inline or inline-block, with other text in the same block).
 * - Primary actions at least 44 px high: every visible antd-mobile primary button (.adm-button-primary)
 *   that is not sized mini/small on purpose, and every button or link of a fixed bottom bar (an
 *   element fixed or sticky to the bottom edge of the viewport, lower than half the screen; not the
 *   tab bar's nav, not inside a popup).
 */

export type AuditOptions = { width: number; tabPage: boolean };

export function auditLayout({ width, tabPage }: AuditOptions): string[] {
  const problems: string[] = [];
  const de = document.documentElement;
  const W = Math.min(de.clientWidth, width);
  const H = de.clientHeight;
  const px = (n: number) => Math.round(n * 10) / 10;

  const describe = (el: Element): string => {
    const parts: string[] = [el.tagName.toLowerCase()];
    for (const attr of ['type', 'name', 'role']) {
      const value = el.getAttribute(attr);
      if (value) parts.push(`[${attr}=${value}]`);
    }
    const testId = el.getAttribute('data-testid');
    if (testId) parts.push(`[data-testid=${testId}]`);
    const cls = [...el.classList].slice(0, 2);
    if (cls.length) parts.push(`.${cls.join('.')}`);
    const label = el.getAttribute('aria-label');
    // A control without text of its own: the text around it (its label, its row).
    const own = label ?? (el as HTMLElement).innerText ?? el.textContent ?? '';
    const around = own.trim()
      ? own
      : (el.closest('label')?.textContent ?? el.parentElement?.textContent ?? '');
    const text = around.replace(/\s+/g, ' ').trim();
    return `${parts.join('')}${text ? ` "${text.slice(0, 24)}"` : ''}`;
  };

  const isVisible = (el: Element): boolean => {
    const r = el.getBoundingClientRect();
    // 1-px boxes are the visually hidden texts for screen readers.
    if (r.width <= 2 || r.height <= 2) return false;
    return el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  };

  const clipsX = (s: CSSStyleDeclaration) => s.overflowX !== 'visible';
  const clipsY = (s: CSSStyleDeclaration) => s.overflowY !== 'visible';
  const scrolls = (v: string) => v === 'auto' || v === 'scroll';

  // 1. Sideways scroll.
  if (de.scrollWidth > de.clientWidth) {
    problems.push(`scrolls sideways: scrollWidth ${de.scrollWidth} > clientWidth ${de.clientWidth}`);
  }

  const all = [...document.body.querySelectorAll('*')].filter(
    (el) => !['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'svg', 'path', 'BR'].includes(el.tagName),
  );
  const visible = new Set(all.filter(isVisible));

  // 2. Off screen: the outermost element that leaves the screen, not clipped by an ancestor.
  const offScreen = new Set<Element>();
  for (const el of visible) {
    const r = el.getBoundingClientRect();
    if (r.left >= -1 && r.right <= W + 1) continue;
    if (r.width <= 1 || r.height <= 1) continue;
    let clipped = false;
    let outer = false;
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      if (offScreen.has(a)) outer = true;
      if (clipsX(getComputedStyle(a))) {
        clipped = true;
        break;
      }
    }
    if (clipped) continue;
    offScreen.add(el);
    if (!outer) problems.push(`off screen: ${describe(el)} spans x ${px(r.left)}…${px(r.right)} of ${W}`);
  }

  // 3. Text cut without an ellipsis, and text one character per line.
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const reported = new Set<Element>();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? '';
    const parent = node.parentElement;
    if (!text || !parent || !visible.has(parent) || reported.has(parent)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const tr = range.getBoundingClientRect();
    if (tr.width < 1 || tr.height < 1) continue;
    const ps = getComputedStyle(parent);
    const lines = [...range.getClientRects()].filter((r) => r.width > 0);
    const chars = [...text.replace(/\s+/g, '')];
    const fontSize = Number.parseFloat(ps.fontSize) || 14;
    if (chars.length >= 2 && lines.length >= Math.max(2, chars.length - 1)) {
      const widest = Math.max(...lines.map((r) => r.width));
      if (widest < fontSize * 1.6) {
        reported.add(parent);
        problems.push(
          `one character per line: ${describe(parent)} (${lines.length} lines, ${px(widest)} px wide)`,
        );
        continue;
      }
    }
    for (let a: Element | null = parent; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      const x = clipsX(s) && !scrolls(s.overflowX);
      const y = clipsY(s) && !scrolls(s.overflowY);
      if (!x && !y) {
        if (clipsX(s) || clipsY(s)) break; // a scroller: its content is reachable
        continue;
      }
      // Carousels move whole slides in and out of view.
      if (a.matches('.adm-swiper, .adm-swiper-track, .adm-notice-bar-content')) break;
      const ar = a.getBoundingClientRect();
      const cutX =
        x &&
        ((tr.left < ar.left - 1 && tr.right > ar.left) || (tr.right > ar.right + 1 && tr.left < ar.right));
      const cutY =
        y &&
        ((tr.top < ar.top - 1 && tr.bottom > ar.top) || (tr.bottom > ar.bottom + 1 && tr.top < ar.bottom));
      if (cutX || cutY) {
        const marked = [parent, a].some((e) => {
          const st = getComputedStyle(e);
          return (
            (cutX && st.textOverflow === 'ellipsis') ||
            (st.webkitLineClamp !== 'none' && st.webkitLineClamp !== '')
          );
        });
        if (!marked) {
          reported.add(parent);
          problems.push(
            `text cut without an ellipsis: ${describe(parent)} inside ${describe(a)} (${cutX ? 'sideways' : 'below'})`,
          );
        }
      }
      break;
    }
  }

  // 4. The tab bar.
  const tabBars = [...document.querySelectorAll('.adm-tab-bar')].filter((el) => visible.has(el));
  if (tabPage && tabBars.length === 0) problems.push('tab bar: not shown on a tab page');
  for (const bar of tabBars) {
    const r = bar.getBoundingClientRect();
    if (r.left < -1 || r.right > W + 1 || r.top < -1 || r.bottom > H + 1) {
      problems.push(
        `tab bar out of view: x ${px(r.left)}…${px(r.right)}, y ${px(r.top)}…${px(r.bottom)} of ${W}×${H}`,
      );
    }
  }

  // 5. Tap targets.
  const targetSelector = [
    'a[href]',
    'button',
    'input:not([type=hidden])',
    'select',
    'textarea',
    'summary',
    'label:has(input)',
    '[role=button]',
    '[role=link]',
    '[role=tab]',
    '[role=checkbox]',
    '[role=radio]',
    '[role=switch]',
    '[role=menuitem]',
    '[role=option]',
  ].join(',');
  const targets = [...document.querySelectorAll(targetSelector)].filter((el) => visible.has(el));
  // In a sentence: text of its own line box runs on either side (a text node beside the target, or
  // beside the inline elements around it, inside the nearest block).
  const inSentence = (el: Element): boolean => {
    if (!['inline', 'inline-block', 'inline-flex'].includes(getComputedStyle(el).display)) return false;
    for (let e: Element | null = el; e?.parentElement; e = e.parentElement) {
      const hasText = [...e.parentElement.childNodes].some(
        (n) => n !== e && n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '',
      );
      if (hasText) return true;
      if (getComputedStyle(e.parentElement).display !== 'inline') return false;
    }
    return false;
  };
  for (const el of targets) {
    // A visually hidden native input inside its label: the label is the target.
    if (el.tagName === 'INPUT' && el.closest('label') && el.closest('label') !== el) {
      const s = getComputedStyle(el);
      if (Number(s.opacity) === 0) continue;
    }
    // antd-mobile's TabBar takes the tap on the whole item around the tab's link.
    const r = (el.closest('.adm-tab-bar-item') ?? el).getBoundingClientRect();
    if (r.width >= 24 - 0.01 && r.height >= 24 - 0.01) continue;
    if (inSentence(el)) continue;
    problems.push(`tap target ${px(r.width)}×${px(r.height)} < 24×24: ${describe(el)}`);
  }

  // 6. Primary actions.
  const primary = new Set<Element>(
    [...document.querySelectorAll('.adm-button-primary:not(.adm-button-mini):not(.adm-button-small)')].filter(
      (el) => visible.has(el),
    ),
  );
  for (const el of visible) {
    const s = getComputedStyle(el);
    if (s.position !== 'fixed' && s.position !== 'sticky') continue;
    const r = el.getBoundingClientRect();
    if (r.bottom < H - 2 || r.height > H / 2) continue;
    if (el.closest('nav, .adm-tab-bar') || el.querySelector('.adm-tab-bar')) continue;
    if (el.closest('.adm-popup, .adm-center-popup-wrap, .adm-modal, .adm-dialog, .adm-toast-mask')) continue;
    for (const b of el.querySelectorAll('button, a[href], [role=button]')) if (visible.has(b)) primary.add(b);
  }
  for (const el of primary) {
    const r = el.getBoundingClientRect();
    if (r.height < 44 - 0.01) problems.push(`primary action ${px(r.height)} px high < 44: ${describe(el)}`);
  }

  return problems;
}

/** A placeholder or any page: no route key (a page name, a service key like faceConsult) in view. */
export function auditRouteKeys({ keys }: { keys: string[] }): string[] {
  const root = [...document.querySelectorAll<HTMLElement>('[data-page]')].find((el) =>
    el.checkVisibility({ visibilityProperty: true }),
  );
  const text = `${document.title}\n${root?.innerText ?? document.body.innerText}`;
  return keys
    .filter((key) => new RegExp(`(^|[^A-Za-z])${key}([^A-Za-z]|$)`).test(text))
    .map((key) => `route key "${key}" shown`);
}

/** A page not built yet: a Chinese title in its frame, 功能建设中, and a back control. */
export function auditPlaceholder(name: string): string[] {
  const root = document.querySelector(`[data-page="${name}"]`);
  if (!root) return [`placeholder: no [data-page="${name}"]`];
  const found: string[] = [];
  const title = root.querySelector('h1, h2')?.textContent?.trim() ?? '';
  if (!/[\u4e00-\u9fff]/.test(title) || /[A-Za-z]/.test(title))
    found.push(`placeholder: title "${title}" is no Chinese title`);
  if (!(root.textContent ?? '').includes('功能建设中')) found.push('placeholder: does not say 功能建设中');
  const back = root.querySelector('[aria-label="返回"], .adm-nav-bar-back');
  if (!back?.checkVisibility()) found.push('placeholder: no back control');
  return found;
}
