import type { Dispatch, SetStateAction } from 'react';
import { staffAction } from '../session.ts';
import { Field, FormModal, input } from '../ui.tsx';
import { yuanToFen } from '../../lib/shared/money.ts';
import { ITEM_KIND_TEXT, type ItemKind } from '../../lib/shared/points/points.ts';
import { pointsAdminApi } from '../../lib/shared/points/api.ts';

/** A 兑换商品 as its form holds it (numbers still text); no rid for a new one. */
export type Draft = {
  rid?: string;
  name: string;
  kind: ItemKind;
  points: string;
  value: string;
  description: string;
  sort: string;
};
export const blank: Draft = { name: '', kind: 'bonus', points: '', value: '', description: '', sort: '0' };

/** 新增商品 / 编辑商品: open while there is a draft; saved, the list reloads. */
export default function ItemForm({
  draft,
  setDraft,
  onDone,
}: {
  draft: Draft | null;
  setDraft: Dispatch<SetStateAction<Draft | null>>;
  onDone: () => Promise<void>;
}) {
  const set = (patch: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...patch } : d));

  function save() {
    const d = draft!;
    const body = {
      name: d.name,
      kind: d.kind,
      points: d.points.trim() === '' ? '' : Number(d.points),
      value_fen: yuanToFen(d.value) ?? (d.value.trim() === '' ? '' : -1),
      description: d.description,
      sort: d.sort.trim() === '' ? 0 : Number(d.sort),
    };
    return d.rid
      ? staffAction(pointsAdminApi.itemEdit, { rid: d.rid, ...body }, '已保存', onDone)
      : staffAction(pointsAdminApi.itemAdd, body, '已上架', onDone);
  }

  return (
    <FormModal
      open={draft !== null}
      title={draft?.rid ? '编辑商品' : '新增商品'}
      submitText="保存"
      onClose={() => setDraft(null)}
      onSubmit={save}
    >
      {draft && (
        <>
          <Field label="名称">
            <input
              className={input}
              name="name"
              maxLength={60}
              value={draft.name}
              onChange={(e) => set({ name: e.target.value })}
            />
          </Field>
          <Field label="类型" hint="测试费：兑换后立即以赠送金存入客户余额；礼品卡：需人工发放">
            <select
              className={input}
              name="kind"
              value={draft.kind}
              onChange={(e) => set({ kind: e.target.value as ItemKind })}
            >
              {Object.entries(ITEM_KIND_TEXT).map(([k, label]) => (
                <option key={k} value={k}>
                  {label}
                </option>
              ))}
            </select>
          </Field>
          <div className="grid grid-cols-2 gap-3">
            <Field label="所需积分">
              <input
                className={input}
                name="points"
                inputMode="numeric"
                value={draft.points}
                onChange={(e) => set({ points: e.target.value })}
              />
            </Field>
            <Field label={draft.kind === 'bonus' ? '赠送金（元）' : '面值（元）'}>
              <input
                className={input}
                name="value"
                inputMode="decimal"
                value={draft.value}
                onChange={(e) => set({ value: e.target.value })}
              />
            </Field>
          </div>
          <Field label="说明（客户可见）">
            <input
              className={input}
              name="description"
              maxLength={300}
              value={draft.description}
              onChange={(e) => set({ description: e.target.value })}
            />
          </Field>
          <Field label="排序" hint="数字小的排在前面">
            <input
              className={input}
              name="sort"
              inputMode="numeric"
              value={draft.sort}
              onChange={(e) => set({ sort: e.target.value })}
            />
          </Field>
        </>
      )}
    </FormModal>
  );
}
