// The managing screen's small form dialog (labelled fields, 确定) and its call helper.
import { useEffect, useState, type FormEvent } from 'react';
import Dialog from '../ui/Dialog.tsx';
import { Spinner, TextField } from '../ui/kit.tsx';
import { api } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import type { Endpoint, InputOf } from '../../lib/shared/api/endpoint.ts';

export type Form = {
  title: string;
  fields: { key: string; label: string; value: string; hint?: string }[];
  submit: (v: Record<string, string>) => Promise<boolean>;
};

/** A small form dialog: labelled fields, 确定, the refusal shown inside. */
export default function FormDialog({ form, onClose }: { form: Form | null; onClose: () => void }) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (form) setValues(Object.fromEntries(form.fields.map((f) => [f.key, f.value])));
  }, [form]);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!form) return;
    setBusy(true);
    const done = await form.submit(values);
    setBusy(false);
    if (done) onClose();
  }
  return (
    <Dialog
      open={form !== null}
      onClose={onClose}
      title={form?.title}
      width={480}
      footer={
        <>
          <button type="button" className="btn-ghost" onClick={onClose}>
            取消
          </button>
          <button type="submit" form="group-form" className="btn-primary" disabled={busy}>
            {busy && <Spinner />}
            确定
          </button>
        </>
      }
    >
      <form id="group-form" onSubmit={submit} className="grid gap-3">
        {form?.fields.map((f) => (
          <TextField
            key={f.key}
            label={f.label}
            hint={f.hint}
            value={values[f.key] ?? ''}
            onChange={(e) => setValues((v) => ({ ...v, [f.key]: e.target.value }))}
          />
        ))}
      </form>
    </Dialog>
  );
}

/** Calls a group action and says it is done; false when it was refused (the refusal is shown). */
export const post = async <E extends Endpoint>(endpoint: E, body: InputOf<E>, done: string) => {
  const res = await api.call(endpoint, body);
  if (res === undefined) return false;
  toast.success(done);
  return true;
};
