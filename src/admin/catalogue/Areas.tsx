import { useCallback, useEffect, useState } from 'react';
import { consoleApi, staffAction, type Me } from '../session.ts';
import { button, Field, FormModal, input, PageHeader } from '../ui.tsx';
import { type Column, csvOnly, DataTable } from '../table.tsx';
import { ExportCsv } from '../csv.tsx';
import {
  prefectureAddSchema,
  prefectureEditSchema,
  type StaffPrefecture,
  type StaffType,
} from '../../lib/shared/catalogue/admin.ts';
import ImageField from './ImageField.tsx';
import { catalogueAdminApi } from '../../lib/shared/catalogue/api.ts';

type Draft = {
  id?: number;
  type_id: string;
  child_id: string;
  name: string;
  img: string;
  sketch: string;
  sort: string;
};
const EMPTY: Draft = { type_id: '1', child_id: '', name: '', img: '', sketch: '', sort: '0' };

/** 热门专区: the special areas under the categories on the home page. */
export default function Areas({ me }: { me: Me }) {
  const editor = me.permissions.includes('catalogue.edit');
  const [rows, setRows] = useState<StaffPrefecture[] | null>(null);
  const [types, setTypes] = useState<StaffType[]>([]);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [removing, setRemoving] = useState<StaffPrefecture | null>(null);
  const reload = useCallback(
    () => consoleApi.call(catalogueAdminApi.prefectureList, {}).then((r) => r && setRows(r.list)),
    [],
  );
  useEffect(() => {
    void reload();
    void consoleApi.call(catalogueAdminApi.typeList, {}).then((t) => t && setTypes(t));
  }, [reload]);
  const typeOf = (id: number) => types.find((t) => t.id === id);
  const field = (key: keyof Draft) => ({
    value: String(draft?.[key] ?? ''),
    onChange: (e: { target: { value: string } }) => setDraft((d) => d && { ...d, [key]: e.target.value }),
  });

  const columns: Column<StaffPrefecture>[] = [
    {
      id: 'name',
      header: '专区',
      cell: (r) => (
        <span className="flex items-center gap-2">
          <img src={r.img} alt="" className="h-8 w-8 rounded object-cover" />
          <span>
            <span className="block font-medium">{r.name}</span>
            <span className="text-xs text-slate-500">{r.sketch}</span>
          </span>
        </span>
      ),
      csv: (r) => r.name,
    },
    {
      id: 'target',
      header: '指向',
      cell: (r) => {
        const t = typeOf(r.type_id);
        const c = t?.children.find((x) => x.id === r.child_id);
        return `${t?.name ?? r.type_id}${c ? ` / ${c.name}` : ''}`;
      },
      csv: [
        {
          header: '服务类型',
          value: (r) => types.find((t) => t.id === r.type_id)?.name ?? r.type_id,
        },
        {
          header: '分类',
          value: (r) => types.flatMap((t) => t.children).find((c) => c.id === r.child_id)?.name ?? '',
        },
      ],
    },
    csvOnly('简介', (r) => r.sketch),
    csvOnly('图片', (r) => r.img),
    { id: 'sort', header: '排序', cell: (r) => r.sort, csv: (r) => r.sort },
    {
      id: 'actions',
      header: '操作',
      cell: (r) =>
        editor && (
          <span className="flex gap-1.5">
            <button
              type="button"
              className={button.ghost}
              onClick={() =>
                setDraft({
                  id: r.id,
                  type_id: String(r.type_id),
                  child_id: r.child_id ? String(r.child_id) : '',
                  name: r.name,
                  img: r.img,
                  sketch: r.sketch,
                  sort: String(r.sort),
                })
              }
            >
              编辑
            </button>
            <button type="button" className={button.danger} onClick={() => setRemoving(r)}>
              删除
            </button>
          </span>
        ),
    },
  ];
  return (
    <div>
      <PageHeader
        title="热门专区"
        lead="首页分类下方的专区入口，指向一个服务类型或其中的一个分类。"
        actions={
          <span className="flex gap-2">
            <ExportCsv<StaffPrefecture> rows={rows} name="热门专区" columns={columns} />
            {editor && (
              <button type="button" className={button.primary} onClick={() => setDraft(EMPTY)}>
                新建专区
              </button>
            )}
          </span>
        }
      />
      <DataTable<StaffPrefecture>
        label="热门专区"
        rows={rows}
        rowKey={(r) => String(r.id)}
        empty="还没有专区"
        columns={columns}
      />

      <FormModal
        open={draft !== null}
        title={draft?.id ? '编辑专区' : '新建专区'}
        submitText="保存"
        onClose={() => setDraft(null)}
        onSubmit={async () => {
          const checked = (draft?.id ? prefectureEditSchema : prefectureAddSchema).safeParse(draft);
          if (!checked.success) return checked.error.issues[0].message;
          const path = draft?.id ? 'edit' : 'add';
          return staffAction(
            path === 'add' ? catalogueAdminApi.prefectureAdd : catalogueAdminApi.prefectureEdit,
            checked.data,
            '已保存',
            reload,
          );
        }}
      >
        <Field label="专区名称">
          <input className={input} name="name" maxLength={20} {...field('name')} />
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field label="服务类型">
            <select className={input} name="type_id" {...field('type_id')}>
              {types.map((t) => (
                <option key={t.id} value={String(t.id)}>
                  {t.name}
                </option>
              ))}
            </select>
          </Field>
          <Field label="分类" hint="留空指向整个类型">
            <select className={input} name="child_id" {...field('child_id')}>
              <option value="">整个类型</option>
              {typeOf(Number(draft?.type_id))?.children.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.name}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <ImageField value={draft?.img ?? ''} onChange={(img) => setDraft((d) => d && { ...d, img })} />
        <Field label="简介">
          <input className={input} name="sketch" maxLength={200} {...field('sketch')} />
        </Field>
        <Field label="排序">
          <input className={input} name="sort" inputMode="numeric" {...field('sort')} />
        </Field>
      </FormModal>

      <FormModal
        open={removing !== null}
        title="删除专区"
        submitText="删除"
        danger
        onClose={() => setRemoving(null)}
        onSubmit={() =>
          staffAction(catalogueAdminApi.prefectureDelete, { id: removing?.id }, '已删除', reload)
        }
      >
        <p className="text-sm">确定删除专区「{removing?.name}」？</p>
      </FormModal>
    </div>
  );
}
