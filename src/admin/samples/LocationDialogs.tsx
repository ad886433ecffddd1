import { useEffect, useState } from 'react';
import { staffAction } from '../session.ts';
import { Field, FormModal, input } from '../ui.tsx';
import { locationAdminApi } from '../../lib/shared/samples/locations-api.ts';
import {
  childKinds,
  LOCATION_KIND_TEXT,
  LOCATION_KINDS,
  nestingRefusal,
  type Location,
  type LocationKind,
} from '../../lib/shared/samples/locations.ts';

export type Dialog =
  | { kind: 'add'; parent: Location | null }
  | { kind: 'edit' | 'move' | 'archive' | 'delete'; location: Location };

type Props = {
  dialog: Dialog | null;
  list: Location[];
  onClose: () => void;
  onAdded: (parent: Location | null) => void;
  onDone: () => void;
};

/** Where a location may go: live, of a kind that may hold it, and not itself or below it. */
function targetsFor(location: Location, list: Location[]) {
  const below = (l: Location) =>
    l.path.length >= location.path.length &&
    l.path.slice(0, location.path.length).join('\u0000') === location.path.join('\u0000');
  return list.filter((l) => !l.archived && !below(l) && !nestingRefusal(location.kind, l.kind));
}

/** The tree's dialogs: add a child (or a room), edit, move, archive, delete. */
export function LocationDialogs({ dialog, list, onClose, onAdded, onDone }: Props) {
  const [kind, setKind] = useState<LocationKind>('room');
  const [name, setName] = useState('');
  const [note, setNote] = useState('');
  const [target, setTarget] = useState('');
  useEffect(() => {
    if (!dialog) return;
    if (dialog.kind === 'add') {
      setKind(childKinds(dialog.parent?.kind ?? null)[0] ?? 'box');
      setName('');
      setNote('');
    } else {
      setKind(dialog.location.kind);
      setName(dialog.location.name);
      setNote(dialog.location.note);
      setTarget(dialog.location.parent_rid ?? '');
    }
  }, [dialog]);
  const parentKind =
    dialog?.kind === 'add'
      ? (dialog.parent?.kind ?? null)
      : (list.find((l) => dialog && 'location' in dialog && l.rid === dialog.location.parent_rid)?.kind ??
        null);
  const kinds = dialog?.kind === 'add' || dialog?.kind === 'edit' ? childKinds(parentKind) : LOCATION_KINDS;

  const fields = (
    <>
      <Field label="类型">
        <select
          className={input}
          name="kind"
          value={kind}
          onChange={(e) => setKind(e.target.value as LocationKind)}
        >
          {kinds.map((k) => (
            <option key={k} value={k}>
              {LOCATION_KIND_TEXT[k]}
            </option>
          ))}
        </select>
      </Field>
      <Field label="名称" hint="同一上级位置下名称不能重复">
        <input
          className={input}
          name="name"
          maxLength={40}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </Field>
      <Field label="温度/条件（可选）" hint="如：-80 ℃、4 ℃、避光、干燥">
        <input
          className={input}
          name="note"
          maxLength={100}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </Field>
    </>
  );

  if (!dialog) return null;
  if (dialog.kind === 'add') {
    const { parent } = dialog;
    return (
      <FormModal
        open
        title={parent ? `在「${parent.name}」中添加位置` : '新建房间'}
        submitText="添加"
        onClose={onClose}
        onSubmit={() =>
          staffAction(
            locationAdminApi.create,
            { parent_rid: parent?.rid ?? null, kind, name, note },
            '已新建存储位置',
            () => onAdded(parent),
          )
        }
      >
        {parent && <p className="text-sm text-slate-500">上级位置：{parent.path_text}</p>}
        {fields}
      </FormModal>
    );
  }
  const { location } = dialog;
  if (dialog.kind === 'edit')
    return (
      <FormModal
        open
        title={`编辑「${location.name}」`}
        submitText="保存"
        onClose={onClose}
        onSubmit={() =>
          staffAction(locationAdminApi.edit, { rid: location.rid, kind, name, note }, '已保存', onDone)
        }
      >
        <p className="font-mono text-sm text-slate-500">
          位置码：{location.code}（不随修改变化，已贴的标签仍有效）
        </p>
        {fields}
      </FormModal>
    );
  if (dialog.kind === 'move') {
    const targets = targetsFor(location, list);
    return (
      <FormModal
        open
        title={`移动「${location.name}」`}
        submitText="移动"
        onClose={onClose}
        onSubmit={() =>
          staffAction(
            locationAdminApi.move,
            { rid: location.rid, parent_rid: target || null },
            '已移动',
            onDone,
          )
        }
      >
        <p className="text-sm text-slate-500">当前位置：{location.path_text}。其下级位置随之移动。</p>
        <Field label="移到">
          <select className={input} name="parent" value={target} onChange={(e) => setTarget(e.target.value)}>
            {location.kind === 'room' && <option value="">（顶层）</option>}
            {targets.map((l) => (
              <option key={l.rid} value={l.rid}>
                {l.path_text}
              </option>
            ))}
          </select>
        </Field>
      </FormModal>
    );
  }
  const archive = dialog.kind === 'archive';
  return (
    <FormModal
      open
      danger
      title={archive ? `归档「${location.name}」` : `删除「${location.name}」`}
      submitText={archive ? '归档' : '删除'}
      onClose={onClose}
      onSubmit={() =>
        archive
          ? staffAction<Location>(locationAdminApi.archive, { rid: location.rid }, '已归档', onDone)
          : staffAction(locationAdminApi.remove, { rid: location.rid }, '已删除', onDone)
      }
    >
      <p className="text-sm text-slate-600">
        {archive
          ? '归档后该位置及其全部下级位置不再显示、不能再存放新样品；位置码仍可扫到（显示为已归档），记录保留，可随时恢复。'
          : '删除只适用于从未存放过样品的空位置，删除后不可恢复；存放过样品的位置请改为归档。'}
      </p>
      <p className="text-sm text-slate-500">{location.path_text}</p>
    </FormModal>
  );
}
