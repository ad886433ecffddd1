import { expect, test } from './support/base.ts';

// /dev/outbox shows what the `log` SMS adapter kept instead of sending.
test('the development outbox shows a verification code sent to a phone', async ({ page, request }) => {
  const phone = `137${String(Date.now()).slice(-8)}`;
  const res = await request.post('/api/open/code4sms', {
    data: { phone, useFor: 0 },
    headers: { 'x-real-ip': '10.77.0.1' },
  });
  expect((await res.json()).code).toBe(1);

  await page.goto('/dev/outbox');
  await page.getByLabel('手机号').fill(phone);
  await page.getByRole('button', { name: '筛选' }).click();
  await expect(page).toHaveURL(new RegExp(`phone=${phone}`));
  const sms = page.getByRole('region', { name: /短信/ });
  await expect(sms.getByRole('listitem')).toHaveCount(1);
  await expect(sms.getByRole('listitem')).toContainText(phone);
  await expect(sms.getByRole('listitem')).toContainText(/\d{6}/);
  await expect(page.getByRole('region', { name: /邮件/ })).toBeVisible();
});
