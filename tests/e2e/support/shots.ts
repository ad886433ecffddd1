// Screenshots for a person to look at, when asked (OPS_SHOTS=dir): the console's screens at the
// widths a test sets.
import type { Page } from '@playwright/test';

export async function shot(page: Page, name: string) {
  if (process.env.OPS_SHOTS)
    await page.screenshot({ path: `${process.env.OPS_SHOTS}/${name}.png`, fullPage: true });
}
