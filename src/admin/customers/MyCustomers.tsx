import type { Me } from '../session.ts';
import { CustomerList } from './CustomerList.tsx';

/** 我的客户: the customers this business manager is the 专属顾问 of (decision 0090). */
export default function MyCustomers({ me }: { me: Me }) {
  return <CustomerList me={me} mine />;
}
