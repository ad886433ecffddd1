import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { ability, device, item, prefecture, projectChild, projectType } from '../tables.ts';
import { setting } from '../site-tables.ts';
import { demoAbilities } from './abilities.ts';
import { demoDevices } from './devices.ts';
import { demoItems, type DemoItem } from './items/index.ts';
import { demoSettings } from './settings.ts';
import { demoChildren, demoPrefectures, demoTypes } from './types.ts';

const typeOfChild = new Map(demoChildren.map((c) => [c.id, c.typeId]));

/** The detail page body, built from the item's facts so every demo item reads alike. */
function itemContent(d: DemoItem): string {
  return [
    `<h3>项目介绍</h3>${d.sketch}`,
    `<h3>样品要求</h3><p>${d.sample}</p>`,
    /^\d/.test(d.cycle)
      ? `<h3>测试周期</h3><p>${d.cycle}（自收到样品并确认订单起计）。</p>`
      : `<h3>预约说明</h3><p>${d.cycle}上机，请提前到场并携带样品；如需改期请至少提前 24 小时取消。</p>`,
    '<h3>结果交付</h3><p>原始数据与测试报告通过系统、短信和邮件通知下载；如需纸质报告请在备注中说明。</p>',
  ].join('');
}

/** The promise a demo item's cycle implies (decision 0079): its longer bound, e.g. 3-5 个工作日 → 5. */
const promisedDays = (cycle: string) => {
  const bound = /^\d+-(\d+) 个工作日$/.exec(cycle)?.[1];
  return bound ? Number(bound) : null;
};

/**
 * Which instrument tests each demo item, and how many samples it takes a week (decisions 0082,
 * 0097): the worklist's queues, backlogs and start estimates then read as a lab's would.
 */
const DEMO_INSTRUMENTS: Record<string, string> = {
  'xrd-powder': 'dev-xrd-d8',
  'xrd-thin-film': 'dev-xrd-smartlab',
  sem: 'dev-sem-sigma300',
  'sem-eds': 'dev-sem-regulus',
  tem: 'dev-tem-talos',
  'haadf-stem': 'dev-tem-jem2100f',
  afm: 'dev-afm-icon',
  xps: 'dev-xps-escalab',
  ftir: 'dev-ftir-is50',
  raman: 'dev-raman-labram',
  'nmr-liquid': 'dev-nmr-400',
  'icp-ms': 'dev-icpms-7900',
  bet: 'dev-bet-asap',
  'flow-cytometry': 'dev-flow-fortessa',
  'confocal-imaging': 'dev-confocal-lsm980',
};
const DEMO_WEEKLY_CAPACITY: Record<string, number> = {
  'dev-xrd-d8': 80,
  'dev-xrd-smartlab': 50,
  'dev-sem-sigma300': 60,
  'dev-sem-regulus': 50,
  'dev-tem-talos': 30,
  'dev-tem-jem2100f': 20,
  'dev-afm-icon': 40,
  'dev-xps-escalab': 40,
  'dev-ftir-is50': 150,
  'dev-raman-labram': 100,
  'dev-nmr-400': 120,
  'dev-icpms-7900': 200,
  'dev-bet-asap': 30,
  'dev-flow-fortessa': 100,
  'dev-confocal-lsm980': 40,
};

function demoItemRows() {
  return demoItems.map((d, i) => ({
    rid: d.rid,
    typeId: typeOfChild.get(d.childId)!,
    childId: d.childId,
    name: d.name,
    img: `/upload/img/items/${d.rid}.svg`,
    sketch: d.sketch,
    description: d.tags,
    content: itemContent(d),
    priceFen: Math.round(d.yuan * 100),
    unit: d.unit,
    orderCount: d.orders,
    options: {
      sampleCount: { min: 1, max: d.maxSamples ?? 50, default: 1 },
      parameters: d.params,
    },
    turnaroundDays: promisedDays(d.cycle),
    deviceRid: DEMO_INSTRUMENTS[d.rid] ?? null,
    hot: d.hot ?? false,
    quoteOnly: d.quoteOnly ?? false,
    sort: i,
  }));
}

/**
 * Demo catalogue and settings; inserts only what is missing (by primary key or rid), so every
 * start may call it, several processes may race on it, and rows staff edited stay as they are.
 */
export async function seedDemo(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(projectType).values(demoTypes).onConflictDoNothing();
    await tx.insert(projectChild).values(demoChildren).onConflictDoNothing();
    await tx.insert(prefecture).values(demoPrefectures).onConflictDoNothing();
    // Explicit ids do not move the serial sequence; move it so later inserts do not collide.
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('prefecture', 'id'), (select coalesce(max(id), 1) from prefecture))`,
    );
    await tx.insert(item).values(demoItemRows()).onConflictDoNothing({ target: item.rid });
    await tx
      .insert(device)
      .values(
        demoDevices.map((d, i) => ({
          rid: d.rid,
          itemRid: d.itemRid,
          name: d.name,
          model: d.model,
          category: d.category,
          location: d.location,
          img: `/upload/img/devices/${d.rid}.svg`,
          sketch: d.sketch,
          priceFen: Math.round(d.yuan * 100),
          priceUnit: d.priceUnit,
          minMinutes: d.minMinutes,
          leadHours: d.leadHours,
          remote: d.remote,
          specs: d.specs,
          weeklyCapacity: DEMO_WEEKLY_CAPACITY[d.rid] ?? null,
          sort: i,
        })),
      )
      .onConflictDoNothing({ target: device.rid });
    await tx
      .insert(ability)
      .values(
        demoAbilities.map((a, i) => ({
          rid: a.rid,
          title: a.title,
          img: `/upload/img/ability/${a.rid}.svg`,
          sketch: a.sketch,
          content: a.content,
          category: a.category,
          views: a.views,
          sort: i,
        })),
      )
      .onConflictDoNothing({ target: ability.rid });
    await tx.insert(setting).values(demoSettings).onConflictDoNothing();
  });
}
