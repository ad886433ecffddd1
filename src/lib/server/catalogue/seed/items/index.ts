// The demo catalogue's items (a materials / chemistry / biology testing lab), one file per part of
// the catalogue, in the order the seed numbers them.
import type { DemoItem } from './demo-item.ts';
import { samplePrepItems } from './sample-prep.ts';
import { structureMorphologyItems } from './structure-morphology.ts';
import { spectraCompositionItems } from './spectra-composition.ts';
import { thermalBiologyItems } from './thermal-biology.ts';
import { instrumentTimeItems } from './instrument-time.ts';
import { computationItems } from './computation.ts';

export type { ArtIcon, DemoItem } from './demo-item.ts';

export const demoItems: DemoItem[] = [
  ...samplePrepItems,
  ...structureMorphologyItems,
  ...spectraCompositionItems,
  ...thermalBiologyItems,
  ...instrumentTimeItems,
  ...computationItems,
];
