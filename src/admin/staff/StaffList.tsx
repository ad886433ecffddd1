import { useState } from 'react';
import type { z } from 'zod';
import { staffAction } from '../session.ts';
import { confirmStep } from '../confirm.tsx';
import { button, Field, FormModal, input, PageHeader, when } from '../ui.tsx';
import { useList } from '../lists.ts';
import { type Column, DataTable } from '../table.tsx';
import { ExportCsv } from '../csv.tsx';
import type { StaffPageSchema } from '../../lib/shared/staff/staff.ts';
import { ROLE_TEXT, ROLES, type Role } from '../../lib/shared/staff/permissions.ts';
import { staffAdminApi } from '../../lib/shared/staff/api.ts';

type Member = z.output<typeof StaffPageSchema>['list'][number];

/** 员工与角色: who is staff and in which role; admins add an account by its phone, change or remove it. */
export default function StaffList() {
  const list = useList(staffAdminApi.list, {});
  const [editing, setEditing] = useState<{ phone: string; role: Role } | null>(null);
  const save = (phone: string, role: Role | null) =>
    staffAction(staffAdminApi.save, { phone, role }, role ? '已保存' : '已取消员工身份', list.reload);
  const columns: Column<Member>[] = [
    { id: 'name', header: '姓名', sort: (m) => m.name, cell: (m) => m.name || '—', csv: (m) => m.name },
    { id: 'phone', header: '手机号', cell: (m) => m.phone, csv: (m) => m.phone },
    {
      id: 'role',
      header: '角色',
      sort: (m) => m.role_text,
      cell: (m) => m.role_text,
      csv: (m) => m.role_text,
    },
    {
      id: 'created',
      header: '加入时间',
      sort: (m) => m.created,
      cell: (m) => when(m.created),
      csv: (m) => when(m.created),
    },
    {
      id: 'actions',
      header: '操作',
      cell: (m) => (
        <span className="flex gap-1">
          <button
            type="button"
            className={button.link}
            onClick={() => setEditing({ phone: m.phone, role: m.role })}
          >
            修改角色
          </button>
          <button
            type="button"
            className={button.link}
            aria-label={`移除 ${m.name || m.phone}`}
            onClick={() =>
              confirmStep({
                title: `移除员工「${m.name || m.phone}」`,
                message: (
                  <p>
                    {m.name || m.phone}（{m.phone}，{m.role_text}）将失去员工身份：不能再登录管理后台，
                    已登录的会话立即失效；账号本身保留，之后可重新添加。
                  </p>
                ),
                confirmText: '确认移除',
                danger: true,
                run: () => save(m.phone, null),
              })
            }
          >
            移除
          </button>
        </span>
      ),
    },
  ];
  return (
    <div>
      <PageHeader
        title="员工与角色"
        lead="员工使用已注册的账号登录管理后台；角色决定可见的菜单与可执行的操作。"
        actions={
          <span className="flex gap-2">
            <ExportCsv<Member> list={staffAdminApi.list} filter={{}} name="员工" columns={columns} />
            <button
              type="button"
              className={button.primary}
              onClick={() => setEditing({ phone: '', role: 'manager' })}
            >
              添加员工
            </button>
          </span>
        }
      />
      <DataTable<Member>
        label="员工"
        rows={list.data?.list ?? null}
        rowKey={(m) => m.rid}
        columns={columns}
      />
      <FormModal
        open={editing !== null}
        title="员工角色"
        submitText="保存"
        onClose={() => setEditing(null)}
        onSubmit={() => save(editing!.phone, editing!.role)}
      >
        {editing && (
          <>
            <Field label="手机号（已注册的账号）">
              <input
                className={input}
                name="phone"
                value={editing.phone}
                onChange={(e) => setEditing({ ...editing, phone: e.target.value })}
              />
            </Field>
            <Field label="角色">
              <select
                className={input}
                name="role"
                value={editing.role}
                onChange={(e) => setEditing({ ...editing, role: e.target.value as Role })}
              >
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {ROLE_TEXT[r]}
                  </option>
                ))}
              </select>
            </Field>
          </>
        )}
      </FormModal>
    </div>
  );
}
