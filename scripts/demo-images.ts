// Writes the demo catalogue's flat SVG illustrations into public/upload/img/{types,items,
// prefecture,devices,ability}. Deterministic: rerun after changing the seed data.
//   npx node scripts/demo-images.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { demoAbilities } from '../src/lib/server/catalogue/seed/abilities.ts';
import { demoDevices } from '../src/lib/server/catalogue/seed/devices.ts';
import { demoItems, type ArtIcon } from '../src/lib/server/catalogue/seed/items/index.ts';

const root = new URL('../public/upload/img/', import.meta.url);

const palette: Record<ArtIcon, [string, string]> = {
  diffraction: ['#3b82f6', '#1e3a8a'],
  microscope: ['#0ea5e9', '#075985'],
  spectrum: ['#8b5cf6', '#4c1d95'],
  flask: ['#14b8a6', '#115e59'],
  thermal: ['#fb923c', '#c2410c'],
  cell: ['#ec4899', '#9d174d'],
  prep: ['#64748b', '#1e293b'],
  compute: ['#6366f1', '#312e81'],
  fitting: ['#10b981', '#065f46'],
  chart: ['#eab308', '#854d0e'],
};

// Icons drawn in a 100×100 box, white on the gradient.
const S = 'fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"';
const icons: Record<ArtIcon, string> = {
  diffraction: `<g ${S}><circle cx="50" cy="50" r="16" stroke-dasharray="70 30"/><circle cx="50" cy="50" r="30" stroke-dasharray="120 40" opacity=".8"/><circle cx="50" cy="50" r="44" stroke-dasharray="160 60" opacity=".6"/></g><circle cx="50" cy="50" r="6" fill="#fff"/>`,
  microscope: `<g ${S}><path d="M40 12l12-5 16 36-12 5z"/><path d="M47 46l-4 10"/><path d="M30 66h34"/><path d="M64 40c16 8 18 34 4 44"/><path d="M20 90h60"/><path d="M48 84v6"/></g>`,
  spectrum: `<g ${S}><path d="M8 90h86M8 90V8" opacity=".7"/><path d="M12 84l12-2 6-40 6 40 12-2 6-66 6 66 12-2 5-22 5 22h10"/></g>`,
  flask: `<g ${S}><path d="M38 8h24M42 8v30L20 82a6 6 0 0 0 5 9h50a6 6 0 0 0 5-9L58 38V8"/></g><path d="M29 68h42l8 15a4 4 0 0 1-4 6H25a4 4 0 0 1-4-6z" fill="#fff" opacity=".45"/><circle cx="46" cy="76" r="3" fill="#fff"/><circle cx="56" cy="70" r="2" fill="#fff"/>`,
  thermal: `<g ${S}><path d="M8 90h86M8 90V8" opacity=".7"/><path d="M12 20h22c12 0 12 50 26 50h32"/></g><g fill="#fff" opacity=".8"><rect x="70" y="14" width="10" height="36" rx="5"/><circle cx="75" cy="54" r="9"/></g>`,
  cell: `<g ${S}><path d="M50 8c26 0 42 18 42 42S74 92 50 92 8 76 8 50 26 8 50 8z" stroke-dasharray="8 5"/></g><circle cx="48" cy="50" r="16" fill="#fff" opacity=".85"/><g fill="#fff" opacity=".6"><circle cx="72" cy="32" r="5"/><circle cx="28" cy="72" r="4"/><circle cx="74" cy="68" r="6"/><circle cx="26" cy="30" r="3"/></g>`,
  prep: `<g ${S}><path d="M14 52h72c0 20-16 34-36 34S14 72 14 52z"/><path d="M56 46L82 12"/><path d="M36 86v6h28v-6"/></g><circle cx="83" cy="11" r="6" fill="#fff"/>`,
  compute: `<g ${S}><path d="M50 50L22 26M50 50l30-20M50 50v36M22 26L12 56M80 30l8 30"/></g><g fill="#fff"><circle cx="50" cy="50" r="11"/><circle cx="22" cy="26" r="8" opacity=".85"/><circle cx="80" cy="30" r="8" opacity=".85"/><circle cx="50" cy="86" r="7" opacity=".75"/><circle cx="12" cy="56" r="5" opacity=".7"/><circle cx="88" cy="60" r="5" opacity=".7"/></g>`,
  fitting: `<g ${S}><path d="M8 90h86M8 90V8" opacity=".7"/><path d="M12 80C30 78 36 20 50 20s20 58 40 60"/></g><g fill="#fff" opacity=".85"><circle cx="22" cy="74" r="3.5"/><circle cx="34" cy="48" r="3.5"/><circle cx="44" cy="26" r="3.5"/><circle cx="56" cy="24" r="3.5"/><circle cx="66" cy="50" r="3.5"/><circle cx="80" cy="74" r="3.5"/></g>`,
  chart: `<g ${S}><path d="M8 90h86" opacity=".7"/></g><g fill="#fff"><rect x="16" y="56" width="14" height="30" rx="2" opacity=".7"/><rect x="36" y="36" width="14" height="50" rx="2" opacity=".85"/><rect x="56" y="46" width="14" height="40" rx="2" opacity=".7"/><rect x="76" y="18" width="14" height="68" rx="2"/></g>`,
};

const FONT = `-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif`;
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

function art(opts: { w: number; h: number; icon: ArtIcon; label?: string; id: string }): string {
  const { w, h, icon, label, id } = opts;
  const [from, to] = palette[icon];
  const size = Math.round(h * (label ? 0.42 : 0.56));
  const x = (w - size) / 2;
  const y = label ? h * 0.14 : (h - size) / 2;
  const fontSize = Math.round(h * (label && label.length > 6 ? 0.12 : 0.15));
  const text = label
    ? `<text x="${w / 2}" y="${Math.round(h * 0.84)}" fill="#fff" font-family="${FONT}" font-size="${fontSize}" font-weight="700" text-anchor="middle" letter-spacing="1">${esc(label)}</text>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs><linearGradient id="g-${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#g-${id})"/><circle cx="${w * 0.9}" cy="${h * 0.12}" r="${h * 0.45}" fill="#fff" opacity=".07"/><circle cx="${w * 0.05}" cy="${h * 0.95}" r="${h * 0.3}" fill="#fff" opacity=".06"/><g transform="translate(${x} ${y}) scale(${size / 100})">${icons[icon]}</g>${text}</svg>\n`;
}

function write(dir: string, name: string, svg: string) {
  const folder = new URL(`${dir}/`, root);
  mkdirSync(folder, { recursive: true });
  writeFileSync(new URL(name, folder), svg);
}

for (const i of demoItems) write('items', `${i.rid}.svg`, art({ w: 400, h: 300, id: i.rid, ...i.art }));
for (const d of demoDevices) write('devices', `${d.rid}.svg`, art({ w: 400, h: 300, id: d.rid, ...d.art }));
for (const a of demoAbilities) write('ability', `${a.rid}.svg`, art({ w: 480, h: 270, id: a.rid, ...a.art }));
write('ability', 'case.svg', art({ w: 480, h: 270, id: 'case', icon: 'fitting', label: 'CASE' }));

const types: [string, ArtIcon][] = [
  ['testing', 'flask'],
  ['booking', 'microscope'],
  ['analysis', 'compute'],
];
for (const [name, icon] of types) write('types', `${name}.svg`, art({ w: 240, h: 240, id: name, icon }));

const prefectures: [string, ArtIcon, string][] = [
  ['microscopy', 'microscope', 'SEM · TEM'],
  ['spectroscopy', 'spectrum', 'XPS · Raman'],
  ['computation', 'compute', 'DFT · MD'],
  ['biomedical', 'cell', 'FCM · WB'],
  ['onsite', 'diffraction', 'ON-SITE'],
];
for (const [name, icon, label] of prefectures)
  write('prefecture', `${name}.svg`, art({ w: 400, h: 240, id: name, icon, label }));

console.log('demo images written');
