import { escapeHtml, fenToYuan } from './alipay.ts';
import type { CashierTrade } from './sandbox-wechat-gateway.ts';

/**
 * The sandbox cashier: the pages that stand in for the WeChat Pay and Alipay wallets. Pure HTML,
 * every value escaped; three plain POST forms and no script (the app's CSP forbids inline script);
 * one inline <style> block (the page CSP allows inline styles).
 */

const MERCHANT = '律线';

const VENDOR_NAME = { wechat: '微信支付', alipay: '支付宝' } as const;

const STYLE = `
body{margin:0;font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f2f3f5;color:#1f2329}
main{max-width:420px;margin:0 auto;padding:24px 16px}
.card{background:#fff;border-radius:12px;padding:24px 20px;text-align:center}
.badge{display:inline-block;font-size:12px;color:#8f959e;border:1px solid #dee0e3;border-radius:4px;padding:1px 6px}
h1{font-size:17px;font-weight:500;margin:12px 0 4px}
.desc{color:#646a73;font-size:14px;margin:0 0 16px;word-break:break-all}
.amount{font-size:36px;font-weight:600;margin:8px 0 24px}
form{margin:12px 0}
button{width:100%;font-size:16px;padding:12px;border-radius:8px;border:1px solid #dee0e3;background:#fff;color:#1f2329}
button.primary{border-color:#07c160;background:#07c160;color:#fff}
.alipay button.primary{border-color:#1677ff;background:#1677ff}
button.danger{color:#f54a45}
.state{font-size:20px;font-weight:600;margin:16px 0}
a{color:#1677ff}
`;

function page(title: string, vendorClass: string, body: string): string {
  return [
    '<!doctype html>',
    '<html lang="zh-CN"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    // No favicon request (it would 404 on the dev routes).
    '<link rel="icon" href="data:,">',
    `<style>${STYLE}</style>`,
    `</head><body class="${vendorClass}"><main>${body}</main></body></html>`,
  ].join('');
}

function actionForm(action: string, redirect: string | null, label: string, className: string): string {
  const hidden = redirect ? `<input type="hidden" name="redirect" value="${escapeHtml(redirect)}">` : '';
  return `<form method="post" action="${escapeHtml(action)}">${hidden}<button type="submit" class="${className}">${escapeHtml(label)}</button></form>`;
}

export type CashierPageInput = {
  trade: CashierTrade;
  /** e.g. /api/dev/cashier/wechat/{token}; the forms post to {base}/pay|cancel|fail. */
  actionBase: string;
  /** Where the wallet returns afterwards (WeChat H5 redirect_url); carried in a hidden field. */
  redirect: string | null;
};

const STATE_TEXT = { paid: '订单已支付', closed: '订单已关闭' } as const;

/** The wallet's pay sheet: merchant, description, amount and the three choices. */
export function renderCashierPage({ trade, actionBase, redirect }: CashierPageInput): string {
  const vendor = VENDOR_NAME[trade.vendor];
  const head = [
    `<p class="badge">${escapeHtml(vendor)} · 沙箱</p>`,
    `<h1>${escapeHtml(MERCHANT)}</h1>`,
    `<p class="desc">${escapeHtml(trade.description)}</p>`,
    `<p class="amount">¥${escapeHtml(fenToYuan(trade.amountFen))}</p>`,
  ].join('');
  const actions =
    trade.state === 'pending'
      ? [
          actionForm(`${actionBase}/pay`, redirect, '确认支付', 'primary'),
          actionForm(`${actionBase}/cancel`, redirect, '取消支付', ''),
          actionForm(`${actionBase}/fail`, redirect, '模拟支付失败', 'danger'),
        ].join('')
      : `<p class="state">${escapeHtml(STATE_TEXT[trade.state])}</p>${
          redirect ? `<p><a href="${escapeHtml(redirect)}">返回商户</a></p>` : ''
        }`;
  return page(`${vendor}收银台`, trade.vendor, `<div class="card">${head}${actions}</div>`);
}

export type CashierResult = 'paid' | 'cancelled' | 'failed';

const RESULT_TEXT: Record<CashierResult, string> = {
  paid: '支付成功',
  cancelled: '已取消',
  failed: '支付失败',
};

/** Shown when the wallet has nowhere to send the person back (JSAPI). */
export function renderCashierDone(input: {
  vendor: CashierTrade['vendor'];
  result: CashierResult;
  trade?: CashierTrade;
}): string {
  const vendor = VENDOR_NAME[input.vendor];
  const detail = input.trade
    ? `<p class="desc">${escapeHtml(input.trade.description)}</p><p class="amount">¥${escapeHtml(
        fenToYuan(input.trade.amountFen),
      )}</p>`
    : '';
  const body = `<div class="card"><p class="badge">${escapeHtml(vendor)} · 沙箱</p><h1>${escapeHtml(
    MERCHANT,
  )}</h1><p class="state">${escapeHtml(RESULT_TEXT[input.result])}</p>${detail}<p class="desc">请返回${escapeHtml(
    MERCHANT,
  )}查看订单状态</p></div>`;
  return page(RESULT_TEXT[input.result], input.vendor, body);
}

/** A refusal page (unknown trade, bad signature, closed trade). */
export function renderCashierError(title: string, message: string): string {
  return page(
    title,
    '',
    `<div class="card"><p class="badge">沙箱收银台</p><p class="state">${escapeHtml(title)}</p><p class="desc">${escapeHtml(
      message,
    )}</p></div>`,
  );
}
