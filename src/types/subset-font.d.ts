// subset-font ships no types; the one call this project makes.
declare module 'subset-font' {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: {
      targetFormat?: 'sfnt' | 'truetype' | 'woff' | 'woff2';
      noLayoutClosure?: boolean;
      dropTables?: string[];
    },
  ): Promise<Uint8Array>;
}
