import { useEffect, useState } from 'react';
import { saveFile } from '../../lib/client/download.ts';
import { pathOf } from '../../lib/shared/api/endpoint.ts';
import { privacyApi } from '../../lib/shared/privacy/api.ts';
import ProfileDialog from './ProfileDialog.tsx';
import AccountSecurity from './AccountSecurity.tsx';
import CloseAccount from './CloseAccount.tsx';
import { IncompleteNotice, ProfileFields } from './ProfileSummary.tsx';

import { memberOnly } from '../ui/member-gate.tsx';
import { reloadUser, useSessionUser } from '../ui/session-user.ts';

/** /member/information: the profile, the incomplete-info notice, and the dialog to edit it. */
function Information() {
  const { user } = useSessionUser();
  const [editing, setEditing] = useState(false);

  useEffect(() => {
    void reloadUser();
  }, []);

  return (
    <div className="grid gap-4">
      <IncompleteNotice user={user} onComplete={() => setEditing(true)} />
      <section className="card p-4 md:p-6" aria-labelledby="profile-title">
        <div className="mb-2 flex items-center justify-between gap-3">
          <h2 id="profile-title" className="text-base font-semibold text-slate-900">
            基本信息
          </h2>
          <button type="button" className="btn-ghost" onClick={() => setEditing(true)}>
            编辑资料
          </button>
        </div>
        <ProfileFields user={user} />
      </section>
      <AccountSecurity user={user} />
      <section
        className="card flex flex-wrap items-center justify-between gap-3 p-4 md:p-6"
        aria-labelledby="privacy-title"
      >
        <div>
          <h2 id="privacy-title" className="text-base font-semibold text-slate-900">
            个人信息副本
          </h2>
          <p className="mt-1 text-sm text-slate-500">
            下载平台保存的您的全部信息：资料、地址、订单、资金明细、发票、优惠券、积分、课题组及相关文件。
          </p>
        </div>
        <button
          type="button"
          className="btn-ghost"
          onClick={() => void saveFile(pathOf(privacyApi.export), '个人信息.zip')}
        >
          下载我的信息
        </button>
      </section>
      <CloseAccount />
      <ProfileDialog open={editing} onClose={() => setEditing(false)} />
    </div>
  );
}

export default memberOnly(Information);
