import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link, useSearch } from 'wouter';
import QRCode from 'qrcode';
import { consoleCall } from '../session.ts';
import { button, PageHeader, StatusTabs } from '../ui.tsx';
import { locationAdminApi } from '../../lib/shared/samples/locations-api.ts';
import type { Location } from '../../lib/shared/samples/locations.ts';
import './label-print.css';

type Format = 'thermal' | 'a4';
type Label = Location & { svg: string };

/** A4 label stock: 3 × 8 to a sheet. */
const PER_SHEET = 24;

/**
 * The location and, when asked, the live locations under it (the tree lists parents before
 * children).
 */
function chosen(list: Location[], rid: string, withBelow: boolean) {
  const top = list.find((l) => l.rid === rid);
  if (!top) return [];
  if (!withBelow) return [top];
  const inside = new Set([rid]);
  return list.filter((l) => {
    if (l.rid === rid || (l.parent_rid && inside.has(l.parent_rid) && !l.archived)) {
      inside.add(l.rid);
      return true;
    }
    return false;
  });
}

function LabelBox({ l }: { l: Label }) {
  return (
    <div className="location-label" data-code={l.code}>
      {/* The QR is drawn here from our own code text (qrcode's SVG): no image from another host. */}
      <div
        className="qr"
        role="img"
        aria-label={`二维码 ${l.code}`}
        dangerouslySetInnerHTML={{ __html: l.svg }}
      />
      <div className="head">
        <div className="kind">
          {l.kind_text}
          {l.note ? ` · ${l.note}` : ''}
        </div>
        <div className="name">{l.name}</div>
        <div className="code">{l.code}</div>
      </div>
      <div className="path">{l.path_text}</div>
    </div>
  );
}

function Sheet({ labels, format }: { labels: Label[]; format: Format }) {
  if (format === 'thermal')
    return (
      <div className="label-sheet-thermal">
        {labels.map((l) => (
          <LabelBox key={l.rid} l={l} />
        ))}
      </div>
    );
  const sheets = Array.from({ length: Math.ceil(labels.length / PER_SHEET) }, (_, i) =>
    labels.slice(i * PER_SHEET, (i + 1) * PER_SHEET),
  );
  return (
    <div className="label-sheet-a4">
      {sheets.map((sheet, i) => (
        <div className="page" key={i}>
          {sheet.map((l) => (
            <LabelBox key={l.rid} l={l} />
          ))}
        </div>
      ))}
    </div>
  );
}

/** 打印标签: a location's QR label (or its whole subtree's), printed by the browser. */
export default function LocationLabels() {
  const params = new URLSearchParams(useSearch());
  const rid = params.get('rid') ?? '';
  const [format, setFormat] = useState<Format>(params.get('format') === 'a4' ? 'a4' : 'thermal');
  const [withBelow, setWithBelow] = useState(params.get('sub') === '1');
  const [list, setList] = useState<Location[] | null>(null);
  const [labels, setLabels] = useState<Label[] | null>(null);
  useEffect(() => {
    void consoleCall<{ list: Location[] }>(locationAdminApi.tree, { archived: '1' }).then(
      (res) => res && setList(res.list),
    );
  }, []);
  useEffect(() => {
    if (!list) return;
    let current = true;
    const picked = chosen(list, rid, withBelow);
    void Promise.all(
      picked.map(async (l) => ({
        ...l,
        svg: await QRCode.toString(l.code, { type: 'svg', margin: 0, errorCorrectionLevel: 'M' }),
      })),
    ).then((done) => current && setLabels(done));
    return () => {
      current = false;
    };
  }, [list, rid, withBelow]);

  const top = labels?.[0];
  return (
    <div className="grid grid-cols-1 gap-4">
      <PageHeader
        title="打印位置标签"
        lead={top ? top.path_text : undefined}
        actions={
          <>
            <Link href="/samples/locations" className={button.ghost}>
              返回存储位置
            </Link>
            <button
              type="button"
              className={button.primary}
              disabled={!labels?.length}
              onClick={() => window.print()}
            >
              打印
            </button>
          </>
        }
      />
      <div className="flex flex-wrap items-end gap-4">
        <StatusTabs<Format>
          label="标签规格"
          tabs={[
            { value: 'thermal', label: '40×30 mm 热敏标签' },
            { value: 'a4', label: 'A4 标签纸（3×8）' },
          ]}
          value={format}
          onChange={setFormat}
        />
        <label className="mb-3 flex items-center gap-1.5 text-sm text-slate-600">
          <input type="checkbox" checked={withBelow} onChange={(e) => setWithBelow(e.target.checked)} />
          含全部下级位置
        </label>
      </div>
      {labels === null ? (
        <p className="p-10 text-center text-sm text-slate-400">加载中…</p>
      ) : labels.length === 0 ? (
        <p className="rounded-lg bg-white p-10 text-center text-slate-500">存储位置不存在</p>
      ) : (
        <>
          <p className="text-sm text-slate-500">
            共 {labels.length} 张标签
            {format === 'a4' ? `，${Math.ceil(labels.length / PER_SHEET)} 页 A4` : '，每张一页'}
            。打印时请在浏览器的打印设置中选择对应纸张、缩放 100%（实际大小）。
          </p>
          <div className="label-preview overflow-x-auto rounded-lg bg-slate-200 p-4">
            <Sheet labels={labels} format={format} />
          </div>
          {createPortal(
            <div className="label-print-root">
              <Sheet labels={labels} format={format} />
            </div>,
            document.body,
          )}
        </>
      )}
    </div>
  );
}
