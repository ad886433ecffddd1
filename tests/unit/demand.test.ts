import { describe, expect, it } from 'vitest';
import { UPLOAD_ACCEPT, acceptsName, demandSchema } from '#shared/orders/demand.ts';

describe('the upload accept list', () => {
  it('takes the document and picture types upload4file stores, by extension, in any case', () => {
    for (const name of ['a.pdf', 'B.DOCX', '样品.xlsx', 'x.tar.7z', 'scan.JPEG', 'p.tiff'])
      expect(acceptsName(UPLOAD_ACCEPT, name), name).toBe(true);
    for (const name of ['a.txt', 'run.exe', 'noext', '.pdf.', 'pdf'])
      expect(acceptsName(UPLOAD_ACCEPT, name), name).toBe(false);
  });
});

describe('the demand schema (island and server)', () => {
  const ok = {
    type_id: '1',
    description: ' 需要报价 ',
    sample_count: '',
    contact_name: '张三',
    contact_phone: '13912345678',
  };
  it('trims, converts and fills the optional lists', () => {
    expect(demandSchema.parse(ok)).toEqual({
      type_id: 1,
      item_rids: [],
      description: '需要报价',
      sample_count: undefined,
      sample_note: '',
      contact_name: '张三',
      contact_phone: '13912345678',
      file_rids: [],
    });
    expect(demandSchema.parse({ ...ok, file_rids: ['a', 'a', 'b'] }).file_rids).toEqual(['a', 'b']);
  });
  it('answers the first problem in Chinese', () => {
    const first = (v: unknown) => demandSchema.safeParse(v).error?.issues[0]?.message;
    expect(first({ ...ok, description: '' })).toBe('[需求描述]不能为空');
    expect(first({ ...ok, file_rids: Array.from({ length: 11 }, (_, i) => `f${i}`) })).toBe('[附件]最多10个');
    expect(first({ ...ok, item_rids: Array.from({ length: 11 }, (_, i) => `i${i}`) })).toBe(
      '[检测项目]最多10个',
    );
    expect(first({ ...ok, sample_count: 1000 })).toBe('[样品数量]最多999');
    expect(first(null)).toBe('请求参数格式不正确');
  });
});
