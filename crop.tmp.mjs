import { chromium } from 'playwright-core';
// Screenshot a page in vertical slices of 1200px so details stay readable.
const [,, url, prefix, width = '1280'] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run','--disable-quic'] });
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
await page.goto(url, { waitUntil: 'networkidle' });
const h = await page.evaluate(() => document.documentElement.scrollHeight);
for (let y = 0; y < h; y += 600) { await page.evaluate((y) => window.scrollTo(0, y), y); await page.waitForTimeout(60); }
await page.evaluate(() => window.scrollTo(0, 0)); await page.waitForTimeout(800);
const slice = Number(width) < 600 ? 1400 : 1200;
for (let i = 0, y = 0; y < h; i++, y += slice) {
  await page.screenshot({ path: `${prefix}-${i}.png`, fullPage: true, clip: { x: 0, y, width: Number(width), height: Math.min(slice, h - y) } });
}
console.log(h);
await browser.close();
