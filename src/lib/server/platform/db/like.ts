/** An ILIKE pattern matching `kw` anywhere, with LIKE's wildcards in it taken literally. */
export const containsPattern = (kw: string) => `%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
