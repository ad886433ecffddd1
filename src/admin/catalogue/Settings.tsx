import { useCallback, useEffect, useState } from 'react';
import { consoleApi, staffAction, type Me } from '../session.ts';
import { button, Field, input, PageHeader } from '../ui.tsx';
import { settingSaveSchema } from '../../lib/shared/catalogue/admin.ts';
import type { SamplingSetting } from '../../lib/shared/catalogue/settings.ts';
import { catalogueAdminApi } from '../../lib/shared/catalogue/api.ts';
import type { OutputOf } from '../../lib/shared/api/endpoint.ts';

type Settings = OutputOf<typeof catalogueAdminApi.settingGet>;
const WEEK = ['日', '一', '二', '三', '四', '五', '六'];
const lines = (text: string) =>
  text
    .split(/[\s,，、]+/)
    .map((s) => s.trim())
    .filter(Boolean);

function Section({ title, lead, children }: { title: string; lead: string; children: React.ReactNode }) {
  return (
    <section className="min-w-0 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="font-semibold">{title}</h2>
      <p className="mb-3 text-sm text-slate-500">{lead}</p>
      <div className="grid gap-3">{children}</div>
    </section>
  );
}

/** 取样与区域设置: pickup times and closed days, the served districts, the cities listed in the pickup tips. */
export default function Settings({ me }: { me: Me }) {
  const editor = me.permissions.includes('catalogue.edit');
  const [saved, setSaved] = useState<Settings | null>(null);
  const [sampling, setSampling] = useState<SamplingSetting | null>(null);
  const [dates, setDates] = useState('');
  const [openDates, setOpenDates] = useState('');
  const [regions, setRegions] = useState('');
  const [cities, setCities] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const reload = useCallback(async () => {
    const s = await consoleApi.call(catalogueAdminApi.settingGet, {});
    if (!s) return;
    setSaved(s);
    setSampling(s.samplingSetting);
    setDates(s.samplingSetting.disabled_date.join('\n'));
    setOpenDates(s.samplingSetting.invalid_disabled_date.join('\n'));
    setRegions(s.allowRegion.join('\n'));
    setCities(s.samplingInfo.map((c) => `${c.city}：${c.districts.join('、')}`).join('\n'));
  }, []);
  useEffect(() => void reload(), [reload]);

  async function save(key: keyof Settings, value: unknown) {
    const body = { key, value };
    const checked = settingSaveSchema.safeParse(body);
    const message = checked.success
      ? await staffAction(catalogueAdminApi.settingSave, checked.data, '已保存', reload)
      : checked.error.issues[0].message;
    setErrors((e) => ({ ...e, [key]: message ?? '' }));
  }
  const error = (key: string) =>
    errors[key] && (
      <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-600">
        {errors[key]}
      </p>
    );

  if (!saved || !sampling) return <p className="text-slate-400">加载中…</p>;
  const slot = (n: 1 | 2 | 3 | 4) => {
    const key = `sampling_time${n}` as const;
    return (
      <Field key={n} label={`取样时段${n}`}>
        <input
          className={input}
          placeholder="如 09:00-11:00"
          value={sampling[key]}
          disabled={!editor}
          onChange={(e) => setSampling({ ...sampling, [key]: e.target.value })}
        />
      </Field>
    );
  };

  return (
    <div>
      <PageHeader
        title="取样与区域设置"
        lead="上门取样的时段、停用日期、免费取样区域与服务城市；保存后下单页立即生效。"
      />
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <Section title="上门取样时间" lead="客户预约上门取样时可选的时段与日期。">
          <div className="grid grid-cols-2 gap-3">{([1, 2, 3, 4] as const).map(slot)}</div>
          <fieldset>
            <legend className="mb-1 text-sm font-medium text-slate-700">每周不取样</legend>
            <div className="flex flex-wrap gap-3">
              {WEEK.map((w, i) => (
                <label key={i} className="flex items-center gap-1 text-sm">
                  <input
                    type="checkbox"
                    disabled={!editor}
                    checked={sampling.disabled_week.includes(i)}
                    onChange={(e) =>
                      setSampling({
                        ...sampling,
                        disabled_week: e.target.checked
                          ? [...sampling.disabled_week, i]
                          : sampling.disabled_week.filter((d) => d !== i),
                      })
                    }
                  />
                  周{w}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="不取样日期" hint="每行一个，YYYY-MM-DD">
              <textarea
                className={`${input} h-24 py-1.5`}
                disabled={!editor}
                value={dates}
                onChange={(e) => setDates(e.target.value)}
              />
            </Field>
            <Field label="调休取样日期" hint="周末照常取样的日期，每行一个">
              <textarea
                className={`${input} h-24 py-1.5`}
                disabled={!editor}
                value={openDates}
                onChange={(e) => setOpenDates(e.target.value)}
              />
            </Field>
          </div>
          {error('samplingSetting')}
          {editor && (
            <button
              type="button"
              className={`${button.primary} justify-self-start`}
              onClick={() =>
                save('samplingSetting', {
                  ...sampling,
                  disabled_date: lines(dates),
                  invalid_disabled_date: lines(openDates),
                })
              }
            >
              保存取样时间
            </button>
          )}
        </Section>
        <div className="grid content-start gap-4">
          <Section title="免费取样区域" lead="6 位行政区划代码（区县级），每行或用逗号分隔。">
            <Field label="区域代码">
              <textarea
                className={`${input} h-28 py-1.5 font-mono`}
                disabled={!editor}
                value={regions}
                onChange={(e) => setRegions(e.target.value)}
              />
            </Field>
            {error('allowRegion')}
            {editor && (
              <button
                type="button"
                className={`${button.primary} justify-self-start`}
                onClick={() => save('allowRegion', lines(regions))}
              >
                保存区域
              </button>
            )}
          </Section>
          <Section title="服务城市" lead="取样说明弹窗中的城市与区县，每行「城市：区县、区县」。">
            <Field label="城市与区县">
              <textarea
                className={`${input} h-28 py-1.5`}
                disabled={!editor}
                value={cities}
                onChange={(e) => setCities(e.target.value)}
              />
            </Field>
            {error('samplingInfo')}
            {editor && (
              <button
                type="button"
                className={`${button.primary} justify-self-start`}
                onClick={() =>
                  save(
                    'samplingInfo',
                    cities
                      .split('\n')
                      .map((l) => l.trim())
                      .filter(Boolean)
                      .map((l) => {
                        const [city, rest = ''] = l.split(/[:：]/);
                        return { city: city.trim(), districts: lines(rest) };
                      }),
                  )
                }
              >
                保存城市
              </button>
            )}
          </Section>
        </div>
      </div>
    </div>
  );
}
