// The test every browser spec uses: it fails a test whose pages threw an uncaught error or logged
// console.error (a hydration mismatch, a crashed island), which a passing assertion would hide.
import { test as playwright, type ConsoleMessage, type Page } from '@playwright/test';

export { expect } from '@playwright/test';

type Fixtures = {
  /** Console errors a test expects (e.g. a 401 it provokes), as patterns of their text. */
  allowedConsoleErrors: RegExp[];
  pageErrors: string[];
};

export const test = playwright.extend<Fixtures>({
  allowedConsoleErrors: [[], { option: true }],
  pageErrors: [
    async ({ context, allowedConsoleErrors }, use, testInfo) => {
      const errors: string[] = [];
      const watch = (page: Page) => {
        page.on('pageerror', (error) => errors.push(`page error on ${page.url()}: ${error.message}`));
        page.on('console', (message: ConsoleMessage) => {
          if (message.type() !== 'error') return;
          const text = message.text();
          // The browser logs every 4xx/5xx answer; the tests assert those answers themselves.
          if (/^Failed to load resource: the server responded with a status of [45]\d\d/.test(text)) return;
          if (allowedConsoleErrors.some((pattern) => pattern.test(text))) return;
          errors.push(`console.error on ${page.url()}: ${text}`);
        });
      };
      context.pages().forEach(watch);
      context.on('page', watch);
      await use(errors);
      if (errors.length > 0 && testInfo.status === 'passed') {
        throw new Error(`The page reported errors:\n${errors.join('\n')}`);
      }
    },
    { auto: true },
  ],
});
