// The order's agreement as a PDF (decision 0064).
import { endpoint } from '../api/endpoint.ts';

export const agreementApi = {
  pdf: endpoint({
    method: 'GET',
    path: '/api/auth/order/protocol/:rid',
    access: 'signed-in',
    summary: '订单委托协议（PDF）',
    produces: "application/pdf: the order's agreement",
  }),
};
