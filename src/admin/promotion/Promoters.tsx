import { useState } from 'react';
import type { Me } from '../session.ts';
import { PageHeader, StatusTabs } from '../ui.tsx';
import Applications from './Applications.tsx';
import Campaigns from './Campaigns.tsx';
import Withdrawals from './Withdrawals.tsx';

const SECTIONS = [
  { value: 'promoters', label: '推广员申请' },
  { value: 'withdrawals', label: '提现打款' },
  { value: 'campaigns', label: '推广活动' },
] as const;
type Section = (typeof SECTIONS)[number]['value'];

/** 推广: promoter applications (managers), withdrawals to pay (finance), campaigns shown to customers. */
export default function Promoters({ me }: { me: Me }) {
  const [section, setSection] = useState<Section>('promoters');
  return (
    <div>
      <PageHeader
        title="推广"
        lead="推广员审核、返利提现打款与推广活动。返利按被邀请客户订单完成时的实付现金计算，冻结期满后方可提现。"
      />
      <StatusTabs label="推广管理" tabs={[...SECTIONS]} value={section} onChange={setSection} />
      {section === 'promoters' && <Applications me={me} />}
      {section === 'withdrawals' && <Withdrawals me={me} />}
      {section === 'campaigns' && <Campaigns me={me} />}
    </div>
  );
}
