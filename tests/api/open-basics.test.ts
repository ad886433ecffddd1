import { describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';

const t = await setupApi();

describe('API envelope', () => {
  it('answers unknown paths with a 404 envelope in Chinese', async () => {
    const res = await t.post('/api/open/no-such-call', {});
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 0, msg: '接口不存在', data: { error: 'NO_SUCH_CALL' } });
  });

  it('serves the site contact details from the content files', async () => {
    const res = await t.post<{ localInfo: { phone: string } }>('/api/open/setting');
    expect(res.body.code).toBe(1);
    expect(res.body.data.localInfo.phone).toMatch(/\d/);
  });
});
