import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { memberOnly } from '../ui/member-gate.tsx';
import { inputClass, Spinner } from '../ui/kit.tsx';
import { useConfirm } from '../member/Confirm.tsx';
import { api } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import JoinedGroup from './JoinedGroup.tsx';
import type { MyGroup } from './common.tsx';
import { groupsApi } from '../../lib/shared/groups/api.ts';
import type { OutputOf } from '../../lib/shared/api/endpoint.ts';
import { memberApi } from '../../lib/shared/member/api.ts';

type Found = OutputOf<typeof groupsApi.search>['list'][number];

/**
 * /member/communityJn: joining a research group (by its invitation code or link, or by searching
 * and applying), the groups I am in with my limits and payments, and leaving one.
 */
function Join() {
  const [groups, setGroups] = useState<MyGroup[] | null>(null);
  const [code, setCode] = useState('');
  const [keyword, setKeyword] = useState('');
  const [found, setFound] = useState<Found[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmDialog, ask] = useConfirm();
  const load = useCallback(async () => {
    const res = await api.call(groupsApi.mine, {});
    if (res) setGroups(res.list);
  }, []);
  useEffect(() => {
    void load();
    // An invitation link carries the code: /member/communityJn?code=…
    const fromLink = new URLSearchParams(location.search).get('code');
    if (fromLink) setCode(fromLink);
  }, [load]);

  async function apply(body: Record<string, string>) {
    setBusy(true);
    const res = await api.call(groupsApi.apply, body);
    setBusy(false);
    if (!res) return;
    toast.success(res.status === 'active' ? `已加入「${res.name}」!` : '申请已提交，请等待组长审核');
    setCode('');
    void load();
  }
  function joinByCode(e: FormEvent) {
    e.preventDefault();
    if (!code.trim()) return toast.error('请输入邀请码');
    void apply({ code: code.trim() });
  }
  async function search(e: FormEvent) {
    e.preventDefault();
    const res = await api.call(groupsApi.search, { keyword, size: 20 });
    if (res) setFound(res.list);
  }
  async function leave(g: MyGroup) {
    const sure = await ask({
      title: '退出课题组',
      text: `确定退出「${g.name}」吗？退出后不能再用课题组账户支付。`,
      confirm: '退出',
      danger: true,
    });
    if (!sure) return;
    // user/info answers { userInfo: { rid, … }, … }: leaving names oneself as the member.
    const me = await api.call(memberApi.info, {});
    const userRid = me?.userInfo.rid;
    if (userRid && (await api.call(groupsApi.remove, { rid: g.rid, user_rid: userRid })) !== undefined) {
      toast.success('已退出');
      void load();
    }
  }

  const joined = (groups ?? []).filter((g) => g.my_status === 'active' || g.my_status === 'pending');
  return (
    <div className="grid grid-cols-1 gap-4">
      {confirmDialog}
      <section className="card grid gap-4 p-4 md:grid-cols-2 md:p-5">
        <form onSubmit={joinByCode} className="grid gap-2">
          <label htmlFor="group-code" className="text-sm font-medium text-slate-700">
            用邀请码加入
          </label>
          <div className="flex gap-2">
            <input
              id="group-code"
              className={`${inputClass} min-w-0 flex-1 uppercase`}
              maxLength={16}
              placeholder="组长提供的8位邀请码"
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
            <button type="submit" className="btn-primary shrink-0" disabled={busy}>
              {busy && <Spinner />}
              加入
            </button>
          </div>
        </form>
        <form onSubmit={(e) => void search(e)} className="grid gap-2">
          <label htmlFor="group-search" className="text-sm font-medium text-slate-700">
            查找课题组
          </label>
          <div className="flex gap-2">
            <input
              id="group-search"
              className={`${inputClass} min-w-0 flex-1`}
              maxLength={50}
              placeholder="课题组名称、单位或负责人"
              value={keyword}
              onChange={(e) => setKeyword(e.target.value)}
            />
            <button type="submit" className="btn-ghost shrink-0">
              搜索
            </button>
          </div>
        </form>
        {found && (
          <ul className="grid gap-2 md:col-span-2">
            {found.length === 0 && <li className="text-sm text-slate-400">没有找到课题组</li>}
            {found.map((g) => (
              <li
                key={g.rid}
                className="flex flex-wrap items-center gap-2 rounded-lg px-3 py-2 text-sm ring-1 ring-slate-200"
              >
                <span className="min-w-0 flex-1">
                  <span className="font-medium">{g.name}</span>
                  <span className="text-slate-500">
                    {' '}
                    · {g.institution} · {g.pi_name}
                  </span>
                </span>
                <button
                  type="button"
                  className="btn-ghost h-8 px-3"
                  onClick={() => void apply({ rid: g.rid })}
                >
                  申请加入
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      {groups === null ? (
        <p className="card flex items-center justify-center gap-2 py-10 text-sm text-slate-400">
          <Spinner /> 加载中…
        </p>
      ) : joined.length === 0 ? (
        <p className="card py-10 text-center text-sm text-slate-400">您还没有加入课题组</p>
      ) : (
        joined.map((g) => (
          <JoinedGroup key={g.rid} g={g} onChanged={() => void load()} onLeave={() => void leave(g)} />
        ))
      )}
    </div>
  );
}

export default memberOnly(Join);
