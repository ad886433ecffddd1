// The demo seed moved to catalogue/seed/ (decision 0060). This re-export stays only for
// tests/setup/api.ts, which this change may not edit; delete it once that file imports
// seedDemo from '#server/catalogue/index.ts'. The lint zone for platform exempts this one file.
export { seedDemo } from '../../../catalogue/index.ts';
