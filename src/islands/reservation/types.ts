// The reservation calls' answers as the screens read them (decision 0012 has the contract).

/** The instrument fields the booking island needs; the page passes them from its SSR data. */
export type BookableDevice = {
  rid: string;
  name: string;
  price_fen: number;
  price_unit: 'hour' | 'session' | string;
  min_minutes: number;
  lead_hours: number;
};

/** reservation/add */
export type Booked = {
  rid: string;
  order_rid: string;
  order_no: string;
  status: string;
  status_text: string;
  order_status?: string;
  order_status_text?: string;
  amount_fen: number;
  start: string;
  end: string;
  /** The user's earliest upcoming on-site date (the pickup form's limit), or null. */
  scene_date?: string | null;
};

export type TempDeviceStatus = 'pending' | 'approved' | 'rejected';

/** A customer's own equipment (tempDevice list). */
export type TempDevice = {
  rid: string;
  name: string;
  model: string;
  description: string;
  status: TempDeviceStatus | string;
  status_text: string;
  /** Staff's note on approval or rejection. */
  note: string;
  reservation_rid: string | null;
  created: string;
};

/** reservation/list4person rows. */
export type Reservation = {
  rid: string;
  order_rid: string;
  order_no: string;
  device: { rid: string; name: string; model: string; location: string; img: string };
  start: string;
  end: string;
  order_status?: string;
  order_status_text?: string;
  status: string;
  status_text: string;
  amount_fen: number;
  cancellable: boolean;
  cancel_deadline: string;
  remark?: string;
  cancel_reason?: string;
  created?: string;
  temp_devices: { rid: string; name: string; model?: string; status?: string; status_text?: string }[];
};

export type ReservationScope = 'upcoming' | 'past' | 'cancelled';
