// The member domain's public face: the address book, region codes and the pickup date rule.
export { findOwnAddress } from './addresses.ts';
export { assertKnownRegion } from './regions.ts';
export type { SceneDateOf } from './scene-date.ts';
export { transitionSampling } from './samplings.ts';
export { eraseMemberData, memberDataOf, openPickupCount } from './personal.ts';
export { pickupRequestsOn } from './pickups.ts';
