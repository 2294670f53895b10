import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './harness.ts';
import { auditLayout } from './layout-audit.ts';

/**
 * The width sweep's checks themselves (layout-audit.ts), on made-up pages: each fault is found, and
 * a page without faults passes — so a sweep that finds nothing means the pages are right, not that
 * the checks went blind.
 */

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  const context = await browser.newContext({
    viewport: { width: 320, height: 600 },
    isMobile: true,
    hasTouch: true,
  });
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
});

async function audit(body: string, tabPage = false): Promise<string[]> {
  await page.setContent(
    `<!doctype html><meta name="viewport" content="width=device-width,initial-scale=1"><body style="margin:0;font:16px sans-serif">${body}</body>`,
  );
  return page.evaluate(auditLayout, { width: 320, tabPage });
}

describe('the layout audit of the width sweep', () => {
  it('passes a page that fits', async () => {
    const found = await audit(
      `
      <nav class="adm-tab-bar" style="position:fixed;bottom:0;left:0;right:0;height:50px;display:flex">
        <a href="#/Home" style="flex:1">首页</a><a href="#/User" style="flex:1">我的</a>
      </nav>
      <p>请阅读 <a href="#">用户协议</a> 后继续</p>
      <div style="width:100px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis">很长很长很长很长很长的文字有省略号</div>
      <div style="width:100px;overflow:hidden;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical">两行以内显示两行以内显示两行以内显示两行以内显示两行以内显示</div>
      <ul style="display:flex;overflow-x:auto;white-space:nowrap;gap:8px;padding:0;list-style:none">
        <li>金融诈骗金融诈骗</li><li>房产纠纷房产纠纷</li><li>房产纠纷房产纠纷</li><li>房产纠纷房产纠纷</li>
      </ul>
      <button class="adm-button adm-button-primary" style="height:44px;width:100%">提交</button>
    `,
      true,
    );
    expect(found).toEqual([]);
  });

  it('finds sideways scroll, boxes off screen, cut and squeezed text, small targets and low primary actions', async () => {
    const found = await audit(
      `
      <ul style="display:flex;gap:8px;list-style:none;padding:0;white-space:nowrap">
        <li>金融诈骗金融诈骗</li><li>房产纠纷房产纠纷</li><li>房产纠纷房产纠纷</li><li>婚姻家庭婚姻家庭</li>
      </ul>
      <div style="width:100px;overflow:hidden;white-space:nowrap">这是一段很长很长很长很长的文字被截断</div>
      <div style="display:flex;width:100px"><span style="flex:0 0 auto">很长的名字很长的名字很长</span><span>诉讼代理</span></div>
      <button style="width:20px;height:20px;padding:0">x</button>
      <button class="adm-button adm-button-primary" style="height:40px">提交</button>
      <div style="position:fixed;bottom:0;left:0;right:0"><button style="height:36px">立即咨询</button></div>
    `,
      true,
    );
    const has = (pattern: RegExp) =>
      expect(
        found.some((p) => pattern.test(p)),
        `${pattern} in\n${found.join('\n')}`,
      ).toBe(true);
    has(/^scrolls sideways: scrollWidth \d+ > clientWidth 320$/);
    has(/^off screen: li "婚姻家庭婚姻家庭"/);
    has(/^text cut without an ellipsis: div "这是一段很长/);
    has(/^one character per line: span "诉讼代理"/);
    has(/^tab bar: not shown on a tab page$/);
    has(/^tap target 20×20 < 24×24: button "x"$/);
    has(/^primary action 40 px high < 44: button.*"提交"/);
    has(/^primary action 36 px high < 44: button.*"立即咨询"/);
    // The link inside a sentence is exempt; the 44-px button is fine.
    expect(found.filter((p) => p.includes('用户协议'))).toEqual([]);
  });

  it('finds a tab bar pushed off the screen', async () => {
    const found = await audit(
      `
      <div style="width:400px;height:10px"></div>
      <nav class="adm-tab-bar" style="position:fixed;bottom:0;left:0;width:400px;height:50px"><a href="#/Home">首页</a></nav>
    `,
      true,
    );
    expect(found.some((p) => p.startsWith('tab bar out of view'))).toBe(true);
  });
});
