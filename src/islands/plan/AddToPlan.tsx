// /detail/{rid}: the 加入实验计划 form. The page is cached and the same for everyone; this island
// holds everything user-specific (login, the user's past orders for source 0, the plan).
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import LineOptions, { choiceProblem, type LineChoice } from './LineOptions.tsx';
import Stepper from './Stepper.tsx';
import { Spinner } from '../ui/kit.tsx';
import { useSessionUser } from '../ui/session-user.ts';
import { api } from '../../lib/client/api.ts';
import { $cartNum, applyPlan } from '../../lib/client/stores.ts';
import { toast } from '../../lib/client/toast.ts';
import type { ItemOptions } from '../../lib/shared/catalogue/catalogue.ts';
import { defaultLine } from '../../lib/shared/plan/plan-rules.ts';
import { takesSample } from '../../lib/shared/orders/order-status.ts';

import { planApi } from '../../lib/shared/plan/api.ts';

const MSG_ADDED = '操作成功!';

export default function AddToPlan({
  rid,
  name,
  options,
  typeId,
}: {
  rid: string;
  name: string;
  options: ItemOptions;
  /** The item's project type: data analysis asks for no sample (decision 0052). */
  typeId: number;
}) {
  const sample = takesSample(typeId);
  const { loggedIn } = useSessionUser();
  const cartNum = useStore($cartNum, { ssr: () => 0 });
  const base = defaultLine(options);
  const [count, setCount] = useState(base.count);
  const [choice, setChoice] = useState<LineChoice>({
    parameters: Object.fromEntries(
      options.parameters.filter((p) => p.required && p.choices.length > 0).map((p) => [p.name, p.choices[0]]),
    ),
    source: base.source,
    disposal: base.disposal,
    source_order_rid: '',
  });
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState(false);
  // The server renders the button disabled: a click before this island has hydrated would submit
  // the form as a plain GET and reload the page, adding nothing.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  async function add() {
    if (!loggedIn) {
      window.dispatchEvent(new CustomEvent('portal:open-login', { detail: { panel: 'log' } }));
      return;
    }
    const problem = choiceProblem(options, choice, sample);
    if (problem) {
      toast.error(problem);
      return;
    }
    setBusy(true);
    const plan = await api.call(planApi.add, {
      item_rid: rid,
      count,
      parameters: choice.parameters,
      source: choice.source,
      disposal: choice.disposal,
      ...(choice.source_order_rid ? { source_order_rid: choice.source_order_rid } : {}),
    });
    setBusy(false);
    if (!plan) return;
    applyPlan(plan);
    setAdded(true);
    toast.success(MSG_ADDED);
  }

  return (
    <form
      className="grid gap-3"
      aria-label={`预约「${name}」`}
      onSubmit={(e) => {
        e.preventDefault();
        void add();
      }}
    >
      <div className="grid gap-1.5 sm:grid-cols-[6rem_minmax(0,1fr)] sm:items-center sm:gap-3">
        <span className="text-sm text-slate-500">样品数量</span>
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Stepper
            label="样品数量"
            value={count}
            min={options.sampleCount.min}
            max={options.sampleCount.max}
            onChange={setCount}
          />
          <span className="text-xs text-slate-400">
            可选 {options.sampleCount.min}–{options.sampleCount.max} 个
          </span>
        </span>
      </div>
      <LineOptions
        options={options}
        value={choice}
        loggedIn={loggedIn}
        sample={sample}
        onChange={(patch) => setChoice((c) => ({ ...c, ...patch }))}
      />
      <div className="mt-1 flex flex-wrap items-center gap-3">
        <button
          type="submit"
          className="btn-primary h-11 w-full gap-2 text-base sm:w-auto sm:min-w-44"
          disabled={busy || !hydrated}
        >
          {busy && <Spinner />}
          加入实验计划
        </button>
        {loggedIn && (added || cartNum > 0) && (
          <a href="/experiment/plan" className="text-sm text-brand-600 hover:underline">
            查看实验计划{cartNum > 0 ? `（${cartNum}项）` : ''} →
          </a>
        )}
      </div>
    </form>
  );
}
