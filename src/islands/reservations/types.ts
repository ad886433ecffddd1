// The reservation calls' answers as the screens read them (decision 0012 has the contract).
export type {
  ReservationAdded as Booked,
  ReservationItem as Reservation,
  ReservationScope,
  TempDeviceItem as TempDevice,
} from '../../lib/shared/reservations/reservation.ts';

/** The instrument fields the booking island needs; the page passes them from its SSR data. */
export type BookableDevice = {
  rid: string;
  name: string;
  price_fen: number;
  price_unit: 'hour' | 'session';
  min_minutes: number;
  lead_hours: number;
  /** Hours before the start until which a customer may cancel (settings). */
  cancel_hours: number;
};
