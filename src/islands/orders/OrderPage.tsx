import { useEffect, useState } from 'react';
import OrderDetail from './OrderDetail.tsx';
import OrderList from './OrderList.tsx';
import { Loading, LoginNeeded } from '../ui/kit.tsx';
import { useSessionUser } from '../ui/session-user.ts';

/**
 * /member/order: the list, or with ?rid=… one order's detail (the page is prerendered, so the
 * order comes from the address in the browser; docs/decisions/0009).
 */
export default function OrderPage() {
  const { loggedIn, ready } = useSessionUser();
  const [rid, setRid] = useState<string | null | undefined>(undefined);
  useEffect(() => setRid(new URLSearchParams(window.location.search).get('rid')), []);

  if (!ready || rid === undefined) return <Loading />;
  if (!loggedIn) return <LoginNeeded />;
  return rid ? <OrderDetail key={rid} rid={rid} /> : <OrderList />;
}
