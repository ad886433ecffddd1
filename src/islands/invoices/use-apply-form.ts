// The 申请开票 dialog's state: what may be invoiced (loaded each time it opens), what is chosen,
// the title, and the materials; an application being changed starts from what it asked for.
import { useEffect, useState } from 'react';
import { useUploadLimits, useUploads, type Stored } from '../files/uploads.tsx';
import { api } from '../../lib/client/api.ts';
import { UPLOAD_ACCEPT } from '../../lib/shared/orders/demand.ts';
import { INVOICE_TYPES, type InvoiceType } from '../../lib/shared/invoices/invoices.ts';
import { invoicesApi } from '../../lib/shared/invoices/api.ts';
import { filesApi } from '../../lib/shared/files/api.ts';
import type { OutputOf } from '../../lib/shared/api/endpoint.ts';
import type { Title } from './Titles.tsx';

export type Detail = OutputOf<typeof invoicesApi.detail>;
type Offer = OutputOf<typeof invoicesApi.orders>;
export type Payable = Offer['list'][number];
export type Topup = Offer['topups'][number];

export const isInvoiceType = (n: number): n is InvoiceType =>
  (INVOICE_TYPES as readonly number[]).includes(n);

/** What the dialog may offer: paid orders and credited top-ups not yet invoiced. */
type Source = 'orders' | 'topup';

/** A top-up's invoice wish from the top-up form: its type, and the saved title of the name typed. */
function wishOf(p: Topup, titles: Title[] | null): { type?: InvoiceType; titleRid?: string } {
  const name = p.invoice_title.trim();
  return {
    type: isInvoiceType(p.invoice_type) ? p.invoice_type : undefined,
    titleRid: name ? titles?.find((t) => t.name === name)?.rid : undefined,
  };
}

export function useApplyForm({
  open,
  editing,
  statement,
  prestoreRid,
}: {
  open: boolean;
  editing: Detail | null;
  statement: string | null;
  prestoreRid: string | null;
}) {
  const [titles, setTitles] = useState<Title[] | null>(null);
  const [orders, setOrders] = useState<Payable[] | null>(null);
  const [topups, setTopups] = useState<Topup[]>([]);
  const [source, setSource] = useState<Source>('orders');
  const [type, setType] = useState<InvoiceType>(1);
  const [titleRid, setTitleRid] = useState('');
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [topupRid, setTopupRid] = useState('');
  const [email, setEmail] = useState('');
  const [remark, setRemark] = useState('');
  const [contract, setContract] = useState<{ rid: string; name: string } | null>(null);
  // Materials already on the application being changed (kept unless removed), and new uploads.
  const [kept, setKept] = useState<string[]>([]);
  const limits = useUploadLimits();
  const others = useUploads(filesApi.uploadFile, {}, limits?.file_max_bytes ?? null, UPLOAD_ACCEPT);
  const { clear } = others;
  const [error, setError] = useState('');

  useEffect(() => {
    if (!open) return;
    setError('');
    setOrders(null);
    const titlesLoaded = api.call(invoicesApi.titles, {}).then((r) => {
      const list = r?.list ?? [];
      setTitles(list);
      setTitleRid(
        editing?.title
          ? (list.find((t) => t.name === editing.title.name)?.rid ?? '')
          : (list.find((t) => t.is_default)?.rid ?? list[0]?.rid ?? ''),
      );
      return list;
    });
    const filter = statement ? { statement_rid: statement } : {};
    void api.call(invoicesApi.orders, filter).then(async (r) => {
      // The orders or top-up of the application being changed are on it, so not offered: add them back.
      const own = (editing?.lines ?? [])
        .filter((l) => l.order_rid && !r?.list.some((o) => o.rid === l.order_rid))
        .map((l) => ({
          rid: l.order_rid!,
          order_no: l.order_no ?? '',
          item_names: [],
          created: '',
          amount_fen: l.amount_fen,
        }));
      const ownTopup = (editing?.lines ?? [])
        .filter((l) => l.prestore_rid)
        .map((l) => ({
          rid: l.prestore_rid!,
          created: '',
          amount_fen: l.amount_fen,
          invoice_type: 0,
          invoice_title: '',
        }));
      setOrders([...own, ...(r?.list ?? [])]);
      const offered = [...ownTopup, ...(r?.topups ?? [])];
      setTopups(offered);
      // A statement's orders go together: all of them, none to pick.
      if (statement) setChosen(new Set([...own, ...(r?.list ?? [])].map((o) => o.rid)));
      // Opened from a top-up: take the invoice asked for on the top-up form.
      const wanted = prestoreRid ? offered.find((p) => p.rid === prestoreRid) : undefined;
      if (wanted) {
        const wish = wishOf(wanted, await titlesLoaded);
        if (wish.type) setType(wish.type);
        if (wish.titleRid) setTitleRid(wish.titleRid);
      }
    });
    setSource(editing?.source === 'topup' || prestoreRid ? 'topup' : 'orders');
    setTopupRid(editing?.lines.find((l) => l.prestore_rid)?.prestore_rid ?? prestoreRid ?? '');
    setType((editing?.type as InvoiceType) ?? 1);
    setChosen(
      new Set((editing?.lines ?? []).map((l) => l.order_rid).filter((rid): rid is string => Boolean(rid))),
    );
    setEmail(editing?.email ?? '');
    setRemark(editing?.remark ?? '');
    setContract(null);
    setKept(editing?.materials.other_file_rids ?? []);
    clear();
  }, [open, editing, statement, prestoreRid, clear]);

  function chooseTopup(p: Topup) {
    setTopupRid(p.rid);
    const wish = wishOf(p, titles);
    if (wish.type) setType(wish.type);
    if (wish.titleRid) setTitleRid(wish.titleRid);
  }

  const ordersFen = (orders ?? []).reduce((n, o) => n + o.amount_fen, 0);
  const topup = topups.find((p) => p.rid === topupRid);
  const total =
    source === 'topup'
      ? (topup?.amount_fen ?? 0)
      : (orders ?? []).filter((o) => chosen.has(o.rid)).reduce((n, o) => n + o.amount_fen, 0);
  const toggle = (rid: string) =>
    setChosen((s) => {
      const next = new Set(s);
      if (next.has(rid)) next.delete(rid);
      else next.add(rid);
      return next;
    });

  async function uploadContract(file: File) {
    const form = new FormData();
    form.set('file', file);
    const stored = await api.upload<Stored>(filesApi.uploadFile, form);
    if (stored) setContract({ rid: stored.rid, name: stored.name });
  }

  const otherRids = [
    ...kept,
    ...others.items.flatMap((i) => (i.state === 'done' && i.stored ? [i.stored.rid] : [])),
  ];

  return {
    titles,
    orders,
    topups,
    source,
    setSource,
    type,
    setType,
    titleRid,
    setTitleRid,
    chosen,
    toggle,
    topupRid,
    topup,
    chooseTopup,
    email,
    setEmail,
    remark,
    setRemark,
    contract,
    uploadContract,
    kept,
    setKept,
    others,
    otherRids,
    ordersFen,
    total,
    error,
    setError,
  };
}

export type ApplyForm = ReturnType<typeof useApplyForm>;
