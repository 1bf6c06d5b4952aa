import { escapeHtml } from '../../lib/sanitize.ts';
import { formatMinorGrouped } from '../ledger/amount.ts';

/** What the hosted payment page shows. */
export interface THostedPage {
  merchant: string;
  txnId: string;
  orderId: number;
  amount: number;
  /** `off`: an open payment whose channel the operator has turned off (or this server does not run the sandbox). */
  state: 'open' | 'paid' | 'failed' | 'expired' | 'off' | 'unknown';
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;background:#eef1f7;color:#1d2433}
main{width:min(420px,92vw);background:#fff;border-radius:14px;box-shadow:0 10px 30px rgba(20,30,60,.12);overflow:hidden}
header{background:#1f3b73;color:#fff;padding:18px 24px;display:flex;justify-content:space-between;align-items:center}
header b{font-size:18px;letter-spacing:.3px}header span{font-size:12px;background:#f2b33d;color:#1d2433;padding:2px 8px;border-radius:10px;font-weight:600}
section{padding:24px}dl{margin:0 0 20px;display:grid;grid-template-columns:auto 1fr;gap:8px 16px}
dt{color:#6b7385}dd{margin:0;text-align:right;word-break:break-all}.amount{font-size:28px;font-weight:700;text-align:center;margin:8px 0 20px}
.amount small{font-size:14px;color:#6b7385;font-weight:500}form{display:grid;gap:10px}
button{font:inherit;padding:12px;border-radius:8px;border:0;cursor:pointer;font-weight:600}
.pay{background:#1f8a4c;color:#fff}.pay:hover{background:#176d3c}.fail{background:#f3f4f7;color:#b3261e;border:1px solid #e2e4ea}
.note{margin:16px 0 0;font-size:13px;color:#6b7385;text-align:center}.state{text-align:center;font-weight:600;padding:12px;border-radius:8px;background:#f3f4f7}
.test{margin:0 0 20px;padding:12px 14px;border-radius:8px;background:#fff4d6;border:1px solid #f2b33d;font-size:13px}
.test strong{display:block;font-size:15px;margin-bottom:4px}.test p{margin:2px 0}`;

/**
 * Said first, in the portal's main languages (MY, EN, CN, VI): this is a test page and no money moves.
 * Nothing typed here is a card or account, and "paying" charges nobody.
 */
const TEST_NOTICE = `<div class="test" role="note">
<strong lang="en">Test page: no money moves.</strong>
<p lang="en">Sandbox Pay is a test gateway for demos and tests. Nothing is charged, and a payment made here is not real money.</p>
<p lang="my">စမ်းသပ်စာမျက်နှာ ဖြစ်သည် — ငွေအစစ် လွှဲပြောင်းခြင်း မရှိပါ။</p>
<p lang="zh-CN">测试页面：不会转移任何真实资金。</p>
<p lang="vi">Trang thử nghiệm: không có tiền thật nào được chuyển.</p>
</div>`;

/** A self-contained page: no script (the CSP forbids inline script), a plain form POST. */
export function renderHostedPage(page: THostedPage): string {
  const title = 'Sandbox Pay (test page)';
  const body =
    page.state === 'unknown'
      ? '<p class="state">This payment does not exist.</p>'
      : `<p class="amount">${formatMinorGrouped(page.amount)} <small>VND</small></p>
<dl><dt>Merchant</dt><dd>${escapeHtml(page.merchant)}</dd><dt>Order</dt><dd>${page.orderId}</dd><dt>Transaction</dt><dd>${escapeHtml(page.txnId)}</dd></dl>
${
  page.state === 'open'
    ? `<form method="post" action="/sandbox-gateway/pay/${encodeURIComponent(page.txnId)}">
<button class="pay" type="submit" name="outcome" value="paid">Pay ${formatMinorGrouped(page.amount)} VND</button>
<button class="fail" type="submit" name="outcome" value="failed">Cancel (payment fails)</button>
</form>`
    : `<p class="state">${
        {
          paid: 'This payment is complete.',
          failed: 'This payment failed.',
          expired: 'This payment link has expired.',
          off: 'This test gateway is switched off: no payment can be made here.',
        }[page.state]
      }</p>`
}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${title}</title><style>${STYLE}</style></head>
<body><main><header><b>Sandbox Pay</b><span>TEST · NO REAL MONEY</span></header><section>
${TEST_NOTICE}
${body}
<p class="note">A test gateway: no real money moves. The merchant is notified server to server.</p>
</section></main></body></html>`;
}
