import { button } from '../ui.tsx';
import type { Booking } from './week.ts';

/** 标记完成 and 未到场, disabled until the session has begun (the server refuses before too). */
export function FinishButtons({
  booking,
  onDone,
  onNoShow,
}: {
  booking: Booking;
  onDone: (b: Booking) => void;
  onNoShow: (b: Booking) => void;
}) {
  const early = Date.now() < Date.parse(booking.start);
  const why = early ? '预约开始后才能标记' : undefined;
  return (
    <>
      <button
        type="button"
        className={button.ghost}
        disabled={early}
        title={why}
        onClick={() => onDone(booking)}
      >
        标记完成
      </button>
      <button
        type="button"
        className={button.ghost}
        disabled={early}
        title={why}
        onClick={() => onNoShow(booking)}
      >
        未到场
      </button>
    </>
  );
}
