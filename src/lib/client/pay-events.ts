// The pay dialog's two window events. Any page opens the dialog with OPEN_PAY_EVENT
// ({ rid }); the dialog announces a completed payment with ORDER_PAID_EVENT ({ rid }), which
// the order lists and the order detail listen for to reload. Kept in a module of their own so
// a page can name them without loading the dialog.
export const OPEN_PAY_EVENT = 'portal:open-pay';
export const ORDER_PAID_EVENT = 'portal:order-paid';

export type PayEventDetail = { rid: string };

/** Opens the pay dialog for an order (loaded on first use by src/scripts/member-dialogs.ts). */
export function openPay(rid: string): void {
  window.dispatchEvent(new CustomEvent<PayEventDetail>(OPEN_PAY_EVENT, { detail: { rid } }));
}

/**
 * A request to pay an order from a research group's wallet was made or withdrawn: the order
 * lists reload their 课题组审批中 marks.
 */
export const GROUP_REQUEST_EVENT = 'portal:group-request';

export function groupRequestChanged(): void {
  window.dispatchEvent(new Event(GROUP_REQUEST_EVENT));
}
