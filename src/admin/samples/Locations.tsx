import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { consoleCall, staffStep, type Me } from '../session.ts';
import { Badge, button, PageHeader } from '../ui.tsx';
import { LocationDialogs, type Dialog } from './LocationDialogs.tsx';
import { locationAdminApi } from '../../lib/shared/samples/locations-api.ts';
import type { Location } from '../../lib/shared/samples/locations.ts';

/** The tree's rows grouped by parent (null: the rooms), in the server's order. */
function childrenOf(list: Location[]) {
  const map = new Map<string | null, Location[]>();
  for (const l of list) map.set(l.parent_rid, [...(map.get(l.parent_rid) ?? []), l]);
  return map;
}

/** 存储位置: rooms, fridges and cabinets, shelves and boxes, with their QR labels (decision 0071). */
export default function Locations({ me }: { me: Me }) {
  const manager = me.permissions.includes('storage.manage');
  const [archived, setArchived] = useState(false);
  const [list, setList] = useState<Location[] | null>(null);
  // Rooms start expanded and everything else collapsed; `flipped` holds the ones toggled since.
  const [flipped, setFlipped] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const load = useCallback(async () => {
    const res = await consoleCall<{ list: Location[] }>(
      locationAdminApi.tree,
      archived ? { archived: '1' } : {},
    );
    if (res) setList(res.list);
  }, [archived]);
  useEffect(() => {
    void load();
  }, [load]);
  const children = useMemo(() => childrenOf(list ?? []), [list]);
  const isOpen = (l: Location) => (l.parent_rid === null) !== flipped.has(l.rid);
  const toggle = (rid: string) =>
    setFlipped((o) => {
      const next = new Set(o);
      if (next.has(rid)) next.delete(rid);
      else next.add(rid);
      return next;
    });
  const expandAll = () => setFlipped(new Set((list ?? []).filter((l) => l.parent_rid).map((l) => l.rid)));
  const reload = () => {
    void load();
  };
  const afterAdd = (parent: Location | null) => {
    if (parent && !isOpen(parent)) toggle(parent.rid);
    reload();
  };

  const row = (l: Location, depth: number) => {
    const kids = children.get(l.rid) ?? [];
    const expanded = isOpen(l);
    return (
      <li key={l.rid}>
        <div
          role="group"
          aria-labelledby={`loc-${l.rid}`}
          className={`flex flex-wrap items-center gap-x-2 gap-y-1 border-b border-slate-100 py-2 pr-2 ${l.archived ? 'opacity-60' : ''}`}
          style={{ paddingLeft: `${0.5 + Math.min(depth, 6) * 1.25}rem` }}
        >
          <button
            type="button"
            className="h-6 w-6 shrink-0 rounded text-slate-500 hover:bg-slate-100 disabled:invisible"
            disabled={!kids.length}
            onClick={() => toggle(l.rid)}
            aria-label={`${expanded ? '收起' : '展开'}${l.name}`}
            aria-expanded={kids.length ? expanded : undefined}
          >
            {expanded ? '▾' : '▸'}
          </button>
          <Badge tone={l.kind === 'room' ? 'brand' : 'slate'}>{l.kind_text}</Badge>
          <span id={`loc-${l.rid}`} className="min-w-0 font-medium wrap-anywhere text-slate-900">
            {l.name}
          </span>
          {l.note && <span className="min-w-0 text-xs wrap-anywhere text-slate-500">{l.note}</span>}
          <span className="font-mono text-xs text-slate-400">{l.code}</span>
          {l.samples > 0 && <Badge tone="accent">{l.samples} 个样品</Badge>}
          {l.archived && <Badge tone="red">已归档</Badge>}
          <span className="flex w-full flex-wrap gap-0.5 pl-8 sm:ml-auto sm:w-auto sm:pl-0">
            <Link href={`/samples/locations/print?rid=${encodeURIComponent(l.rid)}`} className={button.link}>
              打印标签
            </Link>
            {manager && !l.archived && (
              <>
                {l.kind !== 'box' && (
                  <button
                    type="button"
                    className={button.link}
                    onClick={() => setDialog({ kind: 'add', parent: l })}
                  >
                    添加下级
                  </button>
                )}
                <button
                  type="button"
                  className={button.link}
                  onClick={() => setDialog({ kind: 'edit', location: l })}
                >
                  编辑
                </button>
                <button
                  type="button"
                  className={button.link}
                  onClick={() => setDialog({ kind: 'move', location: l })}
                >
                  移动
                </button>
                <button
                  type="button"
                  className={button.link}
                  onClick={() => setDialog({ kind: 'archive', location: l })}
                >
                  归档
                </button>
                {!kids.length && l.samples === 0 && (
                  <button
                    type="button"
                    className={button.link}
                    onClick={() => setDialog({ kind: 'delete', location: l })}
                  >
                    删除
                  </button>
                )}
              </>
            )}
            {manager && l.archived && (
              <button
                type="button"
                className={button.link}
                onClick={() => staffStep(locationAdminApi.restore, { rid: l.rid }, '已恢复', reload)}
              >
                恢复
              </button>
            )}
          </span>
        </div>
        {kids.length > 0 && expanded && <ul>{kids.map((k) => row(k, depth + 1))}</ul>}
      </li>
    );
  };

  const rooms = children.get(null) ?? [];
  return (
    <div className="grid grid-cols-1 gap-4">
      <PageHeader
        title="存储位置"
        lead="房间 › 冰箱/柜 › 层 › 盒/位置。每个位置有一个位置码（LOC-…），打印成二维码标签贴在实物上，扫码即可定位。"
        actions={
          <>
            <label className="flex items-center gap-1.5 text-sm text-slate-600">
              <input type="checkbox" checked={archived} onChange={(e) => setArchived(e.target.checked)} />
              显示已归档
            </label>
            <button type="button" className={button.ghost} onClick={expandAll}>
              全部展开
            </button>
            {manager && (
              <button
                type="button"
                className={button.primary}
                onClick={() => setDialog({ kind: 'add', parent: null })}
              >
                新建房间
              </button>
            )}
          </>
        }
      />
      <div className="rounded-lg bg-white shadow-sm">
        {list === null ? (
          <p className="p-10 text-center text-sm text-slate-400">加载中…</p>
        ) : rooms.length === 0 ? (
          <p className="p-10 text-center text-sm text-slate-500">还没有存储位置，先新建一个房间。</p>
        ) : (
          <ul aria-label="存储位置">{rooms.map((r) => row(r, 0))}</ul>
        )}
      </div>
      <LocationDialogs
        dialog={dialog}
        list={list ?? []}
        onClose={() => setDialog(null)}
        onAdded={afterAdd}
        onDone={reload}
      />
    </div>
  );
}
