import { useCallback, useEffect, useState } from 'react';
import { consoleApi, staffAction, type Me } from '../session.ts';
import { button, FormModal, PageHeader } from '../ui.tsx';
import { type Column, csvOnly, DataTable } from '../table.tsx';
import { ExportCsv } from '../csv.tsx';
import type { StaffChild, StaffType } from '../../lib/shared/catalogue/admin.ts';
import { catalogueAdminApi } from '../../lib/shared/catalogue/api.ts';
import { ChildForm, TypeForm, type ChildDraft, type TypeDraft } from './TypeForms.tsx';

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

      <TypeForm type={type} setType={setType} onDone={reload} />

      <ChildForm child={child} setChild={setChild} types={types} onDone={reload} />

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
