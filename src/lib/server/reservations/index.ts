// The reservations domain's public face: what pages read about booking.
export { getReservationSettings } from './settings.ts';
export { openReservationCount } from './personal.ts';
export { reservedDeviceOf } from './order-device.ts';
export { sceneDateOf } from './scene-date.ts';
export { reservationDirectory, blockDirectory } from './directory.ts';
export { authorizationRecord, blockRecord } from './audit-records.ts';
