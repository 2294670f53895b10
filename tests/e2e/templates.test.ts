import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { MailOutboxItem, TemplateExportPage } from '@lawline/contract/schemas';
import { strFromU8, unzipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import {
  launchBrowser,
  phonePage,
  type RunningServer,
  recordErrors,
  screenshot,
  startServer,
  toast,
  unexpectedErrors,
} from './harness.ts';
import { buyCard, callApi, finishGuide, loginByApi, newMobile } from './session-helpers.ts';

/**
 * Contract templates in a phone browser (issue 15 item 2, steps 成为会员 / 选择模板 / 导出邮箱 /
 * 邮箱验收): a logged-in person without a card reads the intro, searches the list, opens a template
 * and meets the members-only gate; buys a card (through the API, as the other journeys do); fills
 * a field and an address (a wrong one first: the message shows and nothing is sent), exports, finds
 * the export in 我的导出 and the mail in the sandbox SMTP receiver's outbox with a DOCX carrying the
 * filled value, and confirms receipt. axe-core finds no serious or critical violation on the three
 * pages on the way.
 */

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Violation = { id: string; impact: string | null; help: string; targets: string[] };

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical violations on the page as it is now. */
async function seriousViolations(page: Page): Promise<Violation[]> {
  // The app's CSP refuses inline scripts; evaluating over DevTools is not subject to it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    type Result = {
      violations: Array<{
        id: string;
        impact: string | null;
        help: string;
        nodes: Array<{ target: unknown[] }>;
      }>;
    };
    const w = window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<Result> } };
    const result = await w.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => JSON.stringify(n.target)),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** The page settled (the splash gone, nothing loading), then axe: no serious or critical violation. */
async function expectAxeClean(page: Page, label: string): Promise<void> {
  await page.locator('#splash').waitFor({ state: 'detached', timeout: 10_000 });
  await page.waitForFunction(
    () =>
      ![...document.querySelectorAll('.adm-skeleton, .adm-dot-loading, .adm-spin-loading')].some(
        (el) => (el as HTMLElement).offsetParent !== null,
      ),
    undefined,
    { timeout: 5_000 },
  );
  const serious = await seriousViolations(page);
  expect(
    serious,
    `${label}:\n${serious.map((v) => `${v.impact} ${v.id}: ${v.help}\n    ${v.targets.join('\n    ')}`).join('\n')}`,
  ).toEqual([]);
}

async function mailTo(address: string): Promise<MailOutboxItem[]> {
  const res = await fetch(`${server.url}/api/dev/mail-outbox?to=${encodeURIComponent(address)}`);
  const json = (await res.json()) as { data: MailOutboxItem[] };
  return json.data;
}

/** The DOCX's main text part (word/document.xml), with the XML tags and the runs' splits gone. */
async function docxText(url: string): Promise<string> {
  const res = await fetch(`${server.url}${url}`);
  expect(res.status).toBe(200);
  const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
  const xml = files['word/document.xml'];
  if (!xml) throw new Error(`no word/document.xml in ${url}: ${Object.keys(files).join(', ')}`);
  return strFromU8(xml).replace(/<[^>]+>/g, '');
}

/** The template the journey exports: 个人借款合同 (借款, id 201), its lender's name filled in. */
const TEMPLATE_ID = 201;
const LENDER = '欧阳明远';

describe('contract templates', () => {
  it('intro, search 借款, a template with the members gate; a card; export to e-mail; 我的导出; the DOCX in the outbox; 邮箱验收', async () => {
    const user = await loginByApi(server, newMobile('135'));
    await finishGuide(server, user.token);
    const { context, page } = await phonePage(browser);
    await context.addInitScript((token) => localStorage.setItem('token', token), user.token);
    const errors = recordErrors(page);
    onTestFailed(async () => {
      await screenshot(page, 'templates-failed').catch(() => undefined);
      console.log(`templates failed at ${page.url()}`);
    });
    const exportCalls: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/v2/doctemplate/export')
        exportCalls.push(req.postData() ?? '');
    });
    const base = `${server.url}/h5/gzh/`;

    // The intro: the four steps, the e-mail notice, and the members-only gate for a person without a card.
    await page.goto(`${base}#/SubDoc/docModule`);
    await page.locator('[data-page="SubDoc"] [data-testid="subdoc"][data-kind="docModule"]').waitFor();
    await page.locator('#splash').waitFor({ state: 'detached', timeout: 10_000 });
    await page.getByTestId('member-gate').locator('[data-state="not-member"]').waitFor();
    expect(await page.getByTestId('export-notice').innerText()).toContain('3个工作日');
    await screenshot(page, 'templates-intro');
    await expectAxeClean(page, 'SubDoc/docModule');
    await page.getByTestId('doc-module-bar-button').click();

    // The list: search 借款; every card found is about it; 个人借款合同 opens.
    await page.locator('[data-page="DocModule"]').waitFor();
    await page.getByTestId('template-card').first().waitFor();
    const search = page.getByRole('searchbox').or(page.locator('.adm-search-bar input')).first();
    await search.fill('借款');
    await search.press('Enter');
    await expect.poll(() => page.getByTestId('search-result-note').innerText()).toMatch(/借款.*（\d+份）/);
    expect(page.url()).toContain('q=');
    const cards = page.getByTestId('template-card');
    await expect.poll(() => cards.count()).toBeGreaterThan(0);
    for (const text of await cards.allInnerTexts()) expect(text).toContain('借款');
    await screenshot(page, 'templates-search');
    await expectAxeClean(page, 'DocModule (search 借款)');
    await page.locator(`[data-testid="template-card"][data-template-id="${TEMPLATE_ID}"]`).click();

    // The template: the preview with its fields marked, and no export form — 开通会员 instead.
    await page.locator('[data-page="ModuleDetail"]').waitFor();
    expect(page.url()).toContain(`ModuleDetail/${TEMPLATE_ID}`);
    const preview = page.getByTestId('template-preview');
    await preview.waitFor();
    expect(await preview.innerText()).toContain('个人借款合同');
    expect(await preview.locator('mark[data-field="lender"]').first().innerText()).toBe(
      '【出借人（甲方）姓名】',
    );
    await page.getByTestId('member-gate').locator('[data-state="not-member"]').waitFor();
    expect(await page.getByTestId('export-bar-button').innerText()).toContain('开通会员');
    expect(await page.getByTestId('export-form').count()).toBe(0);
    await screenshot(page, 'templates-detail-gate');
    await expectAxeClean(page, `ModuleDetail/${TEMPLATE_ID} (not a member)`);

    // 成为会员: a card bought at the sandbox cashier; the page, opened again, offers the export.
    await buyCard(server, user.token, 'MC19001');
    await page.reload();
    const form = page.getByTestId('export-form');
    await form.waitFor();
    expect(await page.getByTestId('export-bar-button').innerText()).toContain('导出到邮箱');

    // One fill-in field: the preview shows what was typed.
    await form.locator('#tpl-field-lender').fill(LENDER);
    await expect.poll(() => preview.locator('mark[data-field="lender"]').first().innerText()).toBe(LENDER);

    // A wrong address: the message next to the field, and 导出 sends nothing.
    const email = form.locator('input[name="email"]');
    await email.fill('zhang.san@qq');
    await email.blur();
    const emailError = page.getByTestId('email-error');
    await emailError.waitFor();
    expect(await emailError.innerText()).toContain('邮箱地址格式不正确');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await email.getAttribute('aria-describedby')).toBe(await emailError.getAttribute('id'));
    await page.getByTestId('export-bar-button').click();
    await toast(page, '请按提示修改后再导出').waitFor();
    expect(exportCalls).toEqual([]);

    // A right one: exported, the export shows under the template.
    const address = `tple2e.${Date.now()}@example.com`;
    await email.fill(address);
    await expect.poll(() => emailError.count()).toBe(0);
    await page.getByTestId('export-bar-button').click();
    await toast(page, '已导出，请留意邮箱').waitFor();
    expect(exportCalls.length).toBe(1);
    expect(JSON.parse(exportCalls[0] ?? '{}')).toMatchObject({
      templateId: TEMPLATE_ID,
      email: address,
      fields: { lender: LENDER },
    });
    const ownCard = page.getByTestId('template-exports').getByTestId('export-card');
    await ownCard.waitFor();
    const exportId = await ownCard.getAttribute('data-export-id');
    expect(exportId).toMatch(/^E\d{8}[0-9A-Z]{8}$/);
    await screenshot(page, 'templates-detail-exported');
    await expectAxeClean(page, `ModuleDetail/${TEMPLATE_ID} (member, exported)`);

    // The mail arrived over SMTP: one message, the DOCX attached, the filled value inside.
    const mails = await mailTo(address);
    expect(mails.length).toBe(1);
    const mail = mails[0];
    expect(mail?.subject).toContain('《个人借款合同》');
    const docx = mail?.attachments.find((a) => a.filename.endsWith('.docx'));
    expect(docx, JSON.stringify(mail?.attachments)).toBeDefined();
    expect(docx?.contentType).toContain('wordprocessingml');
    const text = await docxText(docx?.url ?? '');
    expect(text).toContain(LENDER);
    expect(text).toContain('借款');
    expect(text).toContain('____');

    // 我的导出: the export is listed; 邮箱验收 confirms it (已验收).
    await page.getByRole('link', { name: /全部导出记录/ }).click();
    await page.locator('[data-page="DocModule"]').waitFor();
    expect(page.url()).toContain('tab=exports');
    const record = page.locator(`[data-testid="export-card"][data-export-id="${exportId}"]`);
    await record.waitFor();
    expect(await record.innerText()).toContain('个人借款合同');
    expect(await record.getAttribute('data-state')).toBe('sent');
    await expectAxeClean(page, 'DocModule (我的导出)');
    await record.getByTestId('export-confirm').click();
    await page.locator('.adm-dialog').getByRole('button', { name: '已收到' }).click();
    await toast(page, '已确认收到').waitFor();
    // The dialog fades out, then leaves the page.
    await page.locator('.adm-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => record.getAttribute('data-state')).toBe('confirmed');
    expect(await record.getByTestId('export-state').innerText()).toBe('已验收');
    expect(await record.getByTestId('export-confirm').count()).toBe(0);
    await screenshot(page, 'templates-exports-confirmed');

    // The server agrees.
    const list = await callApi<TemplateExportPage>(server, 'doctemplate/exports', { token: user.token });
    expect(list.data.list.map((e) => [e.exportId, e.state])).toEqual([[exportId, 'confirmed']]);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  }, 60_000);
});
