// What the browser fetches on a first visit, measured in Debian's Chromium.
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export type PageReport = {
  url: string;
  status: number;
  scripts: { url: string; gzip: number }[];
  jsGzip: number;
  transfer: number;
  requests: number;
  fonts: string[];
  images: number;
  imagesLoaded: number;
  imagesWithoutSize: string[];
};

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
}

export async function measurePage(browser: Browser, url: string): Promise<PageReport> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  let transfer = 0;
  let requests = 0;
  cdp.on('Network.loadingFinished', (e) => {
    transfer += e.encodedDataLength;
    requests += 1;
  });

  const scripts = new Map<string, Promise<number>>();
  const fonts: string[] = [];
  page.on('response', (res) => {
    const type = res.request().resourceType();
    const path = new URL(res.url()).pathname;
    if (type === 'font' || /\.(woff2?|ttf|otf|eot)$/i.test(path)) fonts.push(res.url());
    if ((type === 'script' || /\.m?js$/i.test(path)) && !scripts.has(res.url())) {
      scripts.set(
        res.url(),
        res.body().then(
          (body) => gzipSync(body).length,
          () => 0,
        ),
      );
    }
  });

  const response = await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const images = await page.$$eval('img', (list) =>
    list.map((img) => ({
      src: img.currentSrc || img.getAttribute('src') || '',
      sized: img.hasAttribute('width') && img.hasAttribute('height'),
      loaded: img.complete && img.naturalWidth > 0,
    })),
  );
  const scriptList = await Promise.all([...scripts].map(async ([u, size]) => ({ url: u, gzip: await size })));
  await context.close();
  return {
    url,
    status: response?.status() ?? 0,
    scripts: scriptList,
    jsGzip: scriptList.reduce((sum, s) => sum + s.gzip, 0),
    transfer,
    requests,
    fonts,
    images: images.length,
    imagesLoaded: images.filter((i) => i.loaded).length,
    imagesWithoutSize: images.filter((i) => !i.sized).map((i) => i.src),
  };
}
