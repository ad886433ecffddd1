import { useState } from 'react';
import { staffAction, type Me } from '../session.ts';
import { button, Field, FormModal, input, PageHeader, StatusTabs } from '../ui.tsx';
import { useList } from '../lists.ts';
import { type Column, csvOnly, DataTable, Pager } from '../table.tsx';
import { ExportCsv } from '../csv.tsx';
import { abilityAddSchema, abilityEditSchema, type StaffAbility } from '../../lib/shared/catalogue/admin.ts';
import ImageField from './ImageField.tsx';
import { catalogueAdminApi } from '../../lib/shared/catalogue/api.ts';

type Draft = {
  rid?: string;
  title: string;
  img: string;
  sketch: string;
  content: string;
  category: string;
  sort: string;
};
const EMPTY: Draft = { title: '', img: '', sketch: '', content: '', category: '', sort: '0' };

/** 能力展示: the /televised capability showcase entries. */
export default function Abilities({ me }: { me: Me }) {
  const editor = me.permissions.includes('catalogue.edit');
  const [category, setCategory] = useState('');
  const filter = { category };
  const list = useList(catalogueAdminApi.abilityList, filter);
  const categories = (list.data as { categories?: string[] } | null)?.categories ?? [];
  const [draft, setDraft] = useState<Draft | null>(null);
  const [removing, setRemoving] = useState<StaffAbility | null>(null);
  const field = (key: keyof Draft) => ({
    value: String(draft?.[key] ?? ''),
    onChange: (e: { target: { value: string } }) => setDraft((d) => d && { ...d, [key]: e.target.value }),
  });

  const columns: Column<StaffAbility>[] = [
    csvOnly('编号', (r) => r.rid),
    {
      id: 'title',
      header: '标题',
      cell: (r) => (
        <>
          <span className="block font-medium">{r.title}</span>
          <span className="text-xs text-slate-500">{r.sketch}</span>
        </>
      ),
      csv: (r) => r.title,
    },
    {
      id: 'category',
      header: '分类',
      className: 'whitespace-nowrap',
      cell: (r) => r.category,
      csv: (r) => r.category,
    },
    { id: 'views', header: '浏览量', className: 'tabular-nums', cell: (r) => r.views, csv: (r) => r.views },
    { id: 'sort', header: '排序', cell: (r) => r.sort },
    {
      id: 'actions',
      header: '操作',
      cell: (r) =>
        editor && (
          <span className="flex gap-1.5">
            <button
              type="button"
              className={button.ghost}
              onClick={() => setDraft({ ...r, sort: String(r.sort) })}
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
        title="能力展示"
        lead="/televised 页面的能力与案例条目。"
        actions={
          <div className="flex flex-wrap gap-2">
            <ExportCsv<StaffAbility>
              list={catalogueAdminApi.abilityList}
              filter={filter}
              name="能力展示"
              columns={columns}
            />
            {editor && (
              <button type="button" className={button.primary} onClick={() => setDraft(EMPTY)}>
                新建条目
              </button>
            )}
          </div>
        }
      />
      <StatusTabs
        label="分类"
        tabs={[{ value: '', label: '全部' }, ...categories.map((c) => ({ value: c, label: c }))]}
        value={category}
        onChange={setCategory}
      />
      <DataTable<StaffAbility>
        label="能力展示"
        rows={list.data?.list ?? null}
        rowKey={(r) => r.rid}
        empty="还没有条目"
        columns={columns}
      />
      <Pager page={list.page} pages={list.pages} onPage={list.setPage} />

      <FormModal
        open={draft !== null}
        title={draft?.rid ? '编辑条目' : '新建条目'}
        submitText="保存"
        onClose={() => setDraft(null)}
        onSubmit={async () => {
          const body = draft?.rid
            ? {
                rid: draft.rid,
                title: draft.title,
                img: draft.img,
                sketch: draft.sketch,
                content: draft.content,
                category: draft.category,
                sort: draft.sort,
              }
            : draft;
          const checked = (draft?.rid ? abilityEditSchema : abilityAddSchema).safeParse(body);
          if (!checked.success) return checked.error.issues[0].message;
          const path = draft?.rid ? 'edit' : 'add';
          return staffAction(
            path === 'add' ? catalogueAdminApi.abilityAdd : catalogueAdminApi.abilityEdit,
            checked.data,
            '已保存',
            list.reload,
          );
        }}
      >
        <Field label="标题">
          <input className={input} name="title" maxLength={60} {...field('title')} />
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field label="分类">
            <input
              className={input}
              name="category"
              maxLength={20}
              list="ability-categories"
              {...field('category')}
            />
          </Field>
          <Field label="排序">
            <input className={input} name="sort" inputMode="numeric" {...field('sort')} />
          </Field>
        </div>
        <datalist id="ability-categories">
          {categories.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
        <ImageField value={draft?.img ?? ''} onChange={(img) => setDraft((d) => d && { ...d, img })} />
        <Field label="简介">
          <textarea className={`${input} h-16 py-1.5`} name="sketch" {...field('sketch')} />
        </Field>
        <Field label="正文（HTML）">
          <textarea className={`${input} h-28 py-1.5`} name="content" {...field('content')} />
        </Field>
      </FormModal>

      <FormModal
        open={removing !== null}
        title="删除条目"
        submitText="删除"
        danger
        onClose={() => setRemoving(null)}
        onSubmit={() =>
          staffAction(catalogueAdminApi.abilityDelete, { rid: removing?.rid }, '已删除', list.reload)
        }
      >
        <p className="text-sm">确定删除「{removing?.title}」？</p>
      </FormModal>
    </div>
  );
}
