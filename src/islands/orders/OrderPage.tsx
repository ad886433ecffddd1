import { useEffect, useState } from 'react';
import OrderDetail from './OrderDetail.tsx';
import OrderList from './OrderList.tsx';
import { Loading } from '../ui/kit.tsx';
import { memberOnly } from '../ui/member-gate.tsx';

/**
 * /member/order: the list, or with ?rid=… one order's detail (the page is prerendered, so the
 * order comes from the address in the browser; docs/decisions/0009).
 */
function OrderPage() {
  const [rid, setRid] = useState<string | null | undefined>(undefined);
  useEffect(() => setRid(new URLSearchParams(window.location.search).get('rid')), []);

  if (rid === undefined) return <Loading />;
  return rid ? <OrderDetail key={rid} rid={rid} /> : <OrderList />;
}

export default memberOnly(OrderPage);
