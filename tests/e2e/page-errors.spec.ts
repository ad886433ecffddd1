import { expect, test } from './support/base.ts';

// The guard in support/base.ts: a test whose page logs console.error or throws fails, even when
// every assertion passed. Each test below is expected to fail (test.fail) for that reason alone.
test('a console.error on the page fails the test', async ({ page }) => {
  test.fail();
  await page.goto('/about');
  await page.evaluate(() => console.error('island crashed'));
  await expect(page.locator('h1').first()).toBeVisible();
});

test('an uncaught error on the page fails the test', async ({ page }) => {
  test.fail();
  await page.goto('/about');
  await page.evaluate(() =>
    setTimeout(() =>
      Promise.reject(new Error('unhandled')).catch(() => {
        throw new Error('uncaught in a callback');
      }),
    ),
  );
  await page.evaluate(() => new Promise((r) => setTimeout(r, 50)));
  await expect(page.locator('h1').first()).toBeVisible();
});

test.describe('an expected console error can be allowed', () => {
  test.use({ allowedConsoleErrors: [/expected by this test/] });
  test('and then does not fail the test', async ({ page }) => {
    await page.goto('/about');
    await page.evaluate(() => console.error('expected by this test'));
    await expect(page.locator('h1').first()).toBeVisible();
  });
});
