// What pages and API routes call; every function takes the process's services first.
export { getHomeData } from './home.ts';
export { getTypeGroups, listProjects, getItem } from './projects.ts';
export { searchCatalogue } from './search.ts';
export { listDevices, getDevice } from './devices.ts';
export { insertDevice, updateDevice, type DeviceValues } from './device-writes.ts';
export { listAbilities } from './abilities.ts';
export { getPublicSettings, readSetting, writeSetting } from './settings.ts';
export { toDeviceSummary } from './rows.ts';
export { watchCatalogue, catalogueChanged } from './freshness.ts';
export {
  childCategoryName,
  deviceDirectory,
  itemDirectory,
  itemsByRid,
  itemResultSpecs,
  type ItemResultSpec,
  type CatalogueItem,
  type Device,
} from './item-reads.ts';
export { seedDemo } from './seed/index.ts';
export { itemTurnaroundRoutes, turnaroundsOf } from './turnaround.ts';
