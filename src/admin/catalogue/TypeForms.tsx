import { staffAction } from '../session.ts';
import { Field, FormModal, input } from '../ui.tsx';
import {
  childAddSchema,
  childEditSchema,
  typeEditSchema,
  type StaffType,
} from '../../lib/shared/catalogue/admin.ts';
import { catalogueAdminApi } from '../../lib/shared/catalogue/api.ts';

/** A service type as its form holds it. */
export type TypeDraft = { id: number; name: string; img: string; discount_label: string; sort: string };
/** A category as its form holds it; no id for a new one. */
export type ChildDraft = { id?: number; type_id: string; name: string; sort: string };

/** 编辑服务类型: its name, picture, discount label and order. */
export function TypeForm({
  type,
  setType,
  onDone,
}: {
  type: TypeDraft | null;
  setType: (draft: TypeDraft | null) => void;
  onDone: () => unknown;
}) {
  return (
    <FormModal
      open={type !== null}
      title="编辑服务类型"
      submitText="保存"
      onClose={() => setType(null)}
      onSubmit={async () => {
        const checked = typeEditSchema.safeParse(type);
        if (!checked.success) return checked.error.issues[0].message;
        return staffAction(catalogueAdminApi.typeEdit, checked.data, '已保存', onDone);
      }}
    >
      {type && (
        <>
          <Field label="名称">
            <input
              className={input}
              name="name"
              value={type.name}
              onChange={(e) => setType({ ...type, name: e.target.value })}
            />
          </Field>
          <Field label="图片" hint="站内路径（/upload/…）或 https 地址">
            <input
              className={input}
              name="img"
              value={type.img}
              onChange={(e) => setType({ ...type, img: e.target.value })}
            />
          </Field>
          <div className="grid grid-cols-2 gap-3">
            <Field label="优惠标签" hint="如：新客9折；留空不显示">
              <input
                className={input}
                name="discount_label"
                value={type.discount_label}
                onChange={(e) => setType({ ...type, discount_label: e.target.value })}
              />
            </Field>
            <Field label="排序">
              <input
                className={input}
                name="sort"
                inputMode="numeric"
                value={type.sort}
                onChange={(e) => setType({ ...type, sort: e.target.value })}
              />
            </Field>
          </div>
        </>
      )}
    </FormModal>
  );
}

/** 添加分类 / 编辑分类: under which type, its name and order. */
export function ChildForm({
  child,
  setChild,
  types,
  onDone,
}: {
  child: ChildDraft | null;
  setChild: (draft: ChildDraft | null) => void;
  types: StaffType[] | null;
  onDone: () => unknown;
}) {
  return (
    <FormModal
      open={child !== null}
      title={child?.id ? '编辑分类' : '添加分类'}
      submitText="保存"
      onClose={() => setChild(null)}
      onSubmit={async () => {
        const checked = (child?.id ? childEditSchema : childAddSchema).safeParse(child);
        if (!checked.success) return checked.error.issues[0].message;
        const path = child?.id ? 'edit' : 'add';
        return staffAction(
          path === 'add' ? catalogueAdminApi.childAdd : catalogueAdminApi.childEdit,
          checked.data,
          '已保存',
          onDone,
        );
      }}
    >
      {child && (
        <>
          <Field label="服务类型">
            <select
              className={input}
              name="type_id"
              value={child.type_id}
              onChange={(e) => setChild({ ...child, type_id: e.target.value })}
            >
              {(types ?? []).map((t) => (
                <option key={t.id} value={String(t.id)}>
                  {t.name}
                </option>
              ))}
            </select>
          </Field>
          <Field label="分类名称">
            <input
              className={input}
              name="name"
              maxLength={20}
              value={child.name}
              onChange={(e) => setChild({ ...child, name: e.target.value })}
            />
          </Field>
          <Field label="排序">
            <input
              className={input}
              name="sort"
              inputMode="numeric"
              value={child.sort}
              onChange={(e) => setChild({ ...child, sort: e.target.value })}
            />
          </Field>
        </>
      )}
    </FormModal>
  );
}
