import { useEffect, useState } from 'react';
import { staffAction } from '../session.ts';
import { Field, FormModal, input } from '../ui.tsx';
import { yuanToFen } from '../../lib/shared/money.ts';
import { couponTemplateSchema } from '../../lib/shared/coupons/coupons.ts';
import { couponsAdminApi } from '../../lib/shared/coupons/api.ts';
import { catalogueApi } from '../../lib/shared/catalogue/api.ts';

type Category = { id: number; name: string; children: { id: number; name: string }[] };

const EMPTY = {
  name: '',
  kind: 'amount' as 'amount' | 'percent',
  value: '',
  percent: '10',
  threshold: '',
  scope: 'all' as 'all' | 'category' | 'item',
  scopeRef: '',
  validity: 'days' as 'days' | 'fixed',
  days: '30',
  from: '',
  to: '',
  limit: '1',
  budgetCount: '',
  budgetYuan: '',
  claimable: true,
  code: '',
  welcome: false,
  firstOrder: false,
};
type Draft = typeof EMPTY;

/** The form as the template call takes it (amounts in fen; blanks left out). */
function bodyOf(d: Draft) {
  const fen = (v: string) => (v.trim() ? (yuanToFen(v) ?? -1) : undefined);
  const whole = (v: string) => (v.trim() ? Number(v) : undefined);
  return {
    name: d.name,
    kind: d.kind,
    value_fen: fen(d.value) ?? (d.kind === 'percent' ? 0 : undefined),
    percent_off: d.kind === 'percent' ? whole(d.percent) : undefined,
    threshold_fen: fen(d.threshold) ?? 0,
    scope: d.scope,
    scope_ref: d.scope === 'all' ? '' : d.scopeRef,
    validity: d.validity,
    valid_days: d.validity === 'days' ? whole(d.days) : undefined,
    valid_from: d.validity === 'fixed' ? d.from : '',
    valid_to: d.validity === 'fixed' ? d.to : '',
    per_user_limit: whole(d.limit),
    budget_count: whole(d.budgetCount),
    budget_fen: fen(d.budgetYuan),
    claimable: d.claimable,
    code: d.code,
    welcome: d.welcome,
    first_order_only: d.firstOrder,
  };
}

/**
 * 新建优惠券: the template form, checked with the server's rules before it is sent; it starts
 * empty each time it opens. The categories to scope a coupon to are read when it first opens.
 */
export function NewCouponModal({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  onDone: () => unknown;
}) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [categories, setCategories] = useState<Category[]>([]);

  useEffect(() => {
    if (!open || categories.length) return;
    void fetch(catalogueApi.typeGroups.path)
      .then((r) => r.json())
      .then((body: { data?: Category[] }) => setCategories(body.data ?? []));
  }, [open, categories.length]);

  const close = () => (setDraft(EMPTY), onClose());
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const text = (key: keyof Draft) => ({
    value: String(draft[key]),
    onChange: (e: { target: { value: string } }) => set(key, e.target.value as never),
  });

  return (
    <FormModal
      open={open}
      title="新建优惠券"
      submitText="创建"
      onClose={close}
      onSubmit={async () => {
        const body = bodyOf(draft);
        // The same rules as the server, so a mistake is shown before anything is sent.
        const checked = couponTemplateSchema.safeParse(body);
        if (!checked.success) return checked.error.issues[0].message;
        return staffAction(couponsAdminApi.templateAdd, body, '已创建', onDone);
      }}
    >
      <Field label="名称">
        <input className={input} name="name" maxLength={40} placeholder="如：满2000减200" {...text('name')} />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field label="类型">
          <select className={input} name="kind" {...text('kind')}>
            <option value="amount">满减券</option>
            <option value="percent">折扣券</option>
          </select>
        </Field>
        <Field label="使用门槛（元）" hint="0 或留空为无门槛">
          <input className={input} name="threshold" inputMode="decimal" {...text('threshold')} />
        </Field>
        {draft.kind === 'percent' ? (
          <>
            <Field label="优惠比例（%）" hint="10 即打九折">
              <input className={input} name="percent_off" inputMode="numeric" {...text('percent')} />
            </Field>
            <Field label="最高减免（元）" hint="留空不封顶">
              <input className={input} name="value" inputMode="decimal" {...text('value')} />
            </Field>
          </>
        ) : (
          <Field label="面额（元）">
            <input className={input} name="value" inputMode="decimal" {...text('value')} />
          </Field>
        )}
      </div>
      <div className="grid grid-cols-2 gap-3">
        <Field label="适用范围">
          <select className={input} name="scope" {...text('scope')}>
            <option value="all">全场通用</option>
            <option value="category">指定类别</option>
            <option value="item">指定项目</option>
          </select>
        </Field>
        {draft.scope === 'category' && (
          <Field label="类别">
            <select className={input} name="scope_ref" {...text('scopeRef')}>
              <option value="">请选择</option>
              {categories.map((g) => (
                <optgroup key={g.id} label={g.name}>
                  {g.children.map((c) => (
                    <option key={c.id} value={String(c.id)}>
                      {c.name}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </Field>
        )}
        {draft.scope === 'item' && (
          <Field label="项目编号" hint="项目详情页地址中的编号">
            <input className={input} name="scope_ref" {...text('scopeRef')} />
          </Field>
        )}
      </div>
      <div className="grid grid-cols-2 gap-3">
        <Field label="有效期">
          <select className={input} name="validity" {...text('validity')}>
            <option value="days">领取后 N 天</option>
            <option value="fixed">固定日期</option>
          </select>
        </Field>
        {draft.validity === 'days' ? (
          <Field label="有效天数">
            <input className={input} name="valid_days" inputMode="numeric" {...text('days')} />
          </Field>
        ) : (
          <>
            <Field label="开始日期">
              <input className={input} type="date" name="valid_from" {...text('from')} />
            </Field>
            <Field label="结束日期">
              <input className={input} type="date" name="valid_to" {...text('to')} />
            </Field>
          </>
        )}
      </div>
      <div className="grid grid-cols-3 gap-3">
        <Field label="每人限领">
          <input className={input} name="per_user_limit" inputMode="numeric" {...text('limit')} />
        </Field>
        <Field label="发放总量（张）" hint="留空不限">
          <input className={input} name="budget_count" inputMode="numeric" {...text('budgetCount')} />
        </Field>
        <Field label="预算金额（元）" hint="留空不限">
          <input className={input} name="budget_fen" inputMode="decimal" {...text('budgetYuan')} />
        </Field>
      </div>
      <Field label="兑换码" hint="可选，4-32 位字母或数字，客户在优惠券页输入兑换">
        <input className={input} name="code" maxLength={32} {...text('code')} />
      </Field>
      <div className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
        {(
          [
            ['claimable', '在领券中心展示'],
            ['welcome', '作为新人券（受邀注册自动发放）'],
            ['firstOrder', '仅限首单使用'],
          ] as const
        ).map(([key, label]) => (
          <label key={key} className="flex items-center gap-1.5">
            <input
              type="checkbox"
              name={key}
              checked={draft[key]}
              onChange={(e) => set(key, e.target.checked)}
              className="accent-brand-600"
            />
            {label}
          </label>
        ))}
      </div>
    </FormModal>
  );
}
