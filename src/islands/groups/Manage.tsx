import { useCallback, useEffect, useState } from 'react';
import { memberOnly } from '../ui/member-gate.tsx';
import { Spinner } from '../ui/kit.tsx';
import { api } from '../../lib/client/api.ts';
import { groupsApi } from '../../lib/shared/groups/api.ts';
import type { MyGroup } from './common.tsx';
import FormDialog, { post, type Form } from './FormDialog.tsx';
import GroupPanel from './GroupPanel.tsx';

/** /member/communityMg: the research groups I lead or assist, and creating one. */
function Manage() {
  const [groups, setGroups] = useState<MyGroup[] | null>(null);
  const [form, setForm] = useState<Form | null>(null);
  const load = useCallback(async () => {
    const res = await api.call(groupsApi.mine, {});
    if (res) setGroups(res.list.filter((g) => g.my_status === 'active' && g.role !== 'member'));
  }, []);
  useEffect(() => void load(), [load]);

  const create = () =>
    setForm({
      title: '创建课题组',
      fields: [
        { key: 'name', label: '课题组名称', value: '' },
        { key: 'institution', label: '所属单位', value: '' },
        { key: 'pi', label: '负责人（PI）', value: '' },
      ],
      submit: async (v) => {
        const ok = await post(
          groupsApi.add,
          { name: v.name, institution: v.institution, pi_name: v.pi },
          '课题组已创建!',
        );
        if (ok) void load();
        return ok;
      },
    });

  return (
    <div className="grid grid-cols-1 gap-4">
      <section className="card flex flex-wrap items-center justify-between gap-3 p-4 md:p-5">
        <p className="text-sm text-slate-600">
          课题组共用一个账户：组长转入资金，成员在限额内用它支付自己的订单，超出限额由组长或助理审批。
        </p>
        <button type="button" className="btn-primary" onClick={create}>
          创建课题组
        </button>
      </section>
      {groups === null ? (
        <p className="card flex items-center justify-center gap-2 py-10 text-sm text-slate-400">
          <Spinner /> 加载中…
        </p>
      ) : groups.length === 0 ? (
        <p className="card py-10 text-center text-sm text-slate-400">您还没有管理的课题组</p>
      ) : (
        groups.map((g) => (
          <GroupPanel key={g.rid} summary={g} onChanged={() => void load()} openForm={setForm} />
        ))
      )}
      <FormDialog form={form} onClose={() => setForm(null)} />
    </div>
  );
}

export default memberOnly(Manage);
