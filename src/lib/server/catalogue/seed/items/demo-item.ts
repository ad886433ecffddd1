import type { ItemOptions } from '../../../../shared/catalogue/catalogue.ts';

// What a demo item of a materials / chemistry / biology testing lab says. Prices are typical list
// prices in yuan here and stored in fen; `art` drives the generated illustration
// (scripts/demo-images.ts).

export type ArtIcon =
  | 'diffraction'
  | 'microscope'
  | 'spectrum'
  | 'flask'
  | 'thermal'
  | 'cell'
  | 'prep'
  | 'compute'
  | 'fitting'
  | 'chart';

type Param = ItemOptions['parameters'][number];
export const p = (name: string, required: boolean, ...choices: string[]): Param => ({
  name,
  required,
  choices,
});

export type DemoItem = {
  rid: string;
  childId: number;
  name: string;
  art: { label: string; icon: ArtIcon };
  yuan: number;
  unit: string;
  orders: number;
  tags: string;
  sketch: string;
  /** Sample requirements shown on the detail page. */
  sample: string;
  /** Turnaround. */
  cycle: string;
  params: Param[];
  maxSamples?: number;
  hot?: boolean;
  quoteOnly?: boolean;
};
