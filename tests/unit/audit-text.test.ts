// Decision 0086: the audit log read as words — each changed field as 字段: 旧 → 新 with its
// Chinese name and a readable value, the record it is about named, each call by its Chinese name.
import { describe, expect, it } from 'vitest';
import { auditChanges, callText, entityText, recordKind, valueText } from '#shared/staff/audit-text.ts';

describe('the audit log in words', () => {
  it('lists only the fields a call changed, in Chinese, with money in yuan and statuses named', () => {
    const before = {
      id: 7,
      rid: 'oAbc',
      status: 'quoting',
      quotedFen: null,
      updatedAt: '2026-11-01T02:00:00Z',
    };
    const after = {
      id: 7,
      rid: 'oAbc',
      status: 'unpaid',
      quotedFen: 123_400,
      updatedAt: '2026-11-02T02:00:00Z',
    };
    expect(auditChanges(before, after, recordKind(undefined, 'oAbc'))).toEqual([
      { field: 'status', label: '状态', before: '待报价', after: '待付款' },
      { field: 'quotedFen', label: '报价金额', before: '—', after: '¥1234.00' },
    ]);
  });

  it('names a staff member and their role, and what a removal took away', () => {
    const was = { rid: 'uX1', name: '王五', phone: '13900001111', role: 'manager' };
    const now = { ...was, role: null };
    expect(auditChanges(was, now, 'staff')).toEqual([
      { field: 'role', label: '角色', before: '业务经理', after: '—' },
    ]);
    expect(entityText('staff', 'uX1', now)).toBe('员工 王五（13900001111）');
    expect(entityText('staff', 'uX2', { rid: 'uX2', name: '', phone: '13900002222' })).toBe(
      '员工 13900002222',
    );
  });

  it('reads booleans, times in Shanghai and long values briefly', () => {
    expect(valueText('onSale', false)).toBe('否');
    expect(valueText('startAt', '2026-11-02T02:30:00.000Z')).toBe('2026-11-02 10:30');
    expect(valueText('note', 'x'.repeat(300))).toHaveLength(120);
    expect(valueText('options', { a: 1 })).toBe('{"a":1}');
    expect(valueText('status', 'confirmed', 'v')).toBe('已确认');
  });

  it('a new record lists what it was created with; nothing before or after lists nothing', () => {
    expect(auditChanges(null, { name: '新仪器', onSale: true, specs: '' }, 'd')).toEqual([
      { field: 'name', label: '名称', before: '—', after: '新仪器' },
      { field: 'onSale', label: '上架', before: '—', after: '是' },
    ]);
    expect(auditChanges(null, null)).toEqual([]);
  });

  it('names records by their kind and number, and calls by their declared summary', () => {
    expect(entityText('o', 'oAbc', { orderNo: 'O2026112800001' })).toBe('订单 O2026112800001');
    expect(entityText('item', 'xrd-phase', { rid: 'xrd-phase', name: 'X 射线衍射' })).toBe(
      '检测项目 X 射线衍射',
    );
    expect(entityText(undefined, null, null)).toBe('—');
    expect(recordKind(undefined, 'zzz')).toBe('z');
    expect(recordKind(undefined, '9')).toBeUndefined();
    expect(callText('保存检测项目的承诺周期与加急（已收样订单的交付日期不变）', 'x')).toBe(
      '保存检测项目的承诺周期与加急',
    );
    expect(callText(undefined, '(unknown)')).toBe('不存在的接口');
  });
});
