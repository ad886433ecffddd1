// The abbreviations researchers type for techniques and instruments, and the Chinese words our
// names use for them: a search for "SEM" or "raman" finds 扫描电子显微镜 or 拉曼光谱仪 too.
const ABBREVIATIONS: Record<string, readonly string[]> = {
  SEM: ['扫描电子显微镜', '扫描电镜'],
  TEM: ['透射电子显微镜', '透射电镜'],
  FIB: ['聚焦离子束'],
  EDS: ['能谱'],
  XRD: ['X 射线衍射', 'X射线衍射'],
  XPS: ['X 射线光电子能谱', 'X射线光电子能谱'],
  NMR: ['核磁共振'],
  RAMAN: ['拉曼'],
  AFM: ['原子力显微镜'],
  BET: ['比表面'],
  FTIR: ['红外光谱'],
  IR: ['红外'],
  'ICP-MS': ['电感耦合等离子体质谱'],
  ICP: ['电感耦合等离子体'],
  FCM: ['流式细胞'],
  CLSM: ['激光扫描共聚焦'],
  TGA: ['热重'],
  DSC: ['差示扫描量热'],
  GPC: ['凝胶渗透色谱'],
  HPLC: ['高效液相色谱'],
  'LC-MS': ['液质联用'],
  'GC-MS': ['气质联用'],
  UV: ['紫外'],
};

/** The keyword itself, and the Chinese words an abbreviation stands for (case and spaces ignored). */
export function searchTerms(kw: string): string[] {
  const term = kw.trim();
  return [term, ...(ABBREVIATIONS[term.toUpperCase().replace(/\s+/g, '')] ?? [])];
}
