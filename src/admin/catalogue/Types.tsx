import { useCallback, useEffect, useState } from 'react';
import { consoleApi, staffAction, type Me } from '../session.ts';
import { button, Field, FormModal, input, PageHeader } from '../ui.tsx';
import { type Column, csvOnly, DataTable } from '../table.tsx';
import { ExportCsv } from '../csv.tsx';
import {
  childAddSchema,
  childEditSchema,
  typeEditSchema,
  type StaffChild,
  type StaffType,
} from '../../lib/shared/catalogue/admin.ts';
import { catalogueAdminApi } from '../../lib/shared/catalogue/api.ts';

type TypeDraft = { id: number; name: string; img: string; discount_label: string; sort: string };
type ChildDraft = { id?: number; type_id: string; name: string; sort: string };
/** A category with its type's name, as the CSV lists every type's categories. */
type Child = StaffChild & { type: string };
const withType = (t: StaffType): Child[] => t.children.map((c) => ({ ...c, type: t.name }));

/** 服务类型与分类: the three types (name, picture, discount label) and their child categories. */
export default function Types({ me }: { me: Me }) {
  const editor = me.permissions.includes('catalogue.edit');
  const [types, setTypes] = useState<StaffType[] | null>(null);
  const [type, setType] = useState<TypeDraft | null>(null);
  const [child, setChild] = useState<ChildDraft | null>(null);
  const [removing, setRemoving] = useState<StaffChild | null>(null);
  const reload = useCallback(
    () => consoleApi.call(catalogueAdminApi.typeList, {}).then((t) => t && setTypes(t)),
    [],
  );
  useEffect(() => void reload(), [reload]);

  const columns: Column<Child>[] = [
    csvOnly('服务类型', (c) => c.type),
    { id: 'name', header: '分类', cell: (c) => c.name, csv: (c) => c.name },
    { id: 'id', header: '编号', cell: (c) => c.id },
    { id: 'items', header: '项目数', className: 'tabular-nums', cell: (c) => c.items },
    { id: 'sort', header: '排序', cell: (c) => c.sort, csv: (c) => c.sort },
    csvOnly('项目数', (c) => c.items),
    {
      id: 'actions',
      header: '操作',
      cell: (c) =>
        editor && (
          <span className="flex gap-1.5">
            <button
              type="button"
              className={button.ghost}
              onClick={() =>
                setChild({
                  id: c.id,
                  type_id: String(c.type_id),
                  name: c.name,
                  sort: String(c.sort),
                })
              }
            >
              编辑
            </button>
            <button type="button" className={button.danger} onClick={() => setRemoving(c)}>
              删除
            </button>
          </span>
        ),
    },
  ];
  return (
    <div>
      <PageHeader
        title="服务类型与分类"
        lead="首页与项目列表的类型、分类标签和优惠标签；保存后前台立即更新。"
        actions={
          <ExportCsv<Child> rows={(types ?? []).flatMap(withType)} name="服务分类" columns={columns} />
        }
      />
      <div className="grid min-w-0 grid-cols-1 gap-4">
        {(types ?? []).map((t) => (
          <section key={t.id} className="min-w-0 rounded-lg border border-slate-200 bg-white p-4">
            <div className="mb-3 flex flex-wrap items-center gap-3">
              <img src={t.img} alt="" className="h-10 w-10 rounded object-cover" />
              <div className="min-w-0 flex-1">
                <h2 className="font-semibold">{t.name}</h2>
                <p className="text-xs text-slate-500">
                  优惠标签：{t.discount_label || '无'} · 排序 {t.sort}
                </p>
              </div>
              {editor && (
                <span className="flex gap-2">
                  <button
                    type="button"
                    className={button.ghost}
                    onClick={() =>
                      setType({
                        id: t.id,
                        name: t.name,
                        img: t.img,
                        discount_label: t.discount_label,
                        sort: String(t.sort),
                      })
                    }
                  >
                    编辑类型
                  </button>
                  <button
                    type="button"
                    className={button.primary}
                    onClick={() => setChild({ type_id: String(t.id), name: '', sort: '0' })}
                  >
                    添加分类
                  </button>
                </span>
              )}
            </div>
            <DataTable<Child>
              label={`${t.name}的分类`}
              rows={withType(t)}
              rowKey={(c) => String(c.id)}
              empty="还没有分类"
              columns={columns}
            />
          </section>
        ))}
      </div>

      <FormModal
        open={type !== null}
        title="编辑服务类型"
        submitText="保存"
        onClose={() => setType(null)}
        onSubmit={async () => {
          const checked = typeEditSchema.safeParse(type);
          if (!checked.success) return checked.error.issues[0].message;
          return staffAction(catalogueAdminApi.typeEdit, checked.data, '已保存', reload);
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
            reload,
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

      <FormModal
        open={removing !== null}
        title="删除分类"
        submitText="删除"
        danger
        onClose={() => setRemoving(null)}
        onSubmit={() => staffAction(catalogueAdminApi.childDelete, { id: removing?.id }, '已删除', reload)}
      >
        <p className="text-sm">确定删除分类「{removing?.name}」？分类下还有项目时不能删除。</p>
      </FormModal>
    </div>
  );
}
