import { useEffect, useState } from 'react';
import { consoleApi, staffStep } from '../session.ts';
import { customersAdminApi } from '../../lib/shared/customers/api.ts';
import type { OutputOf } from '../../lib/shared/api/endpoint.ts';

type Rotation = OutputOf<typeof customersAdminApi.rotation>;

/** 自动分配顾问 (admins): new institution and enterprise customers get the business managers in turn. */
export function RotationSwitch() {
  const [rotation, setRotation] = useState<Rotation | null>(null);
  const load = () => void consoleApi.call(customersAdminApi.rotation, {}).then((r) => setRotation(r ?? null));
  useEffect(load, []);
  if (!rotation) return null;
  return (
    <label className="mb-3 flex items-start gap-2 rounded-lg bg-white p-3 text-sm">
      <input
        type="checkbox"
        className="mt-0.5"
        checked={rotation.enabled}
        onChange={(e) =>
          staffStep(
            customersAdminApi.rotationSave,
            { enabled: e.target.checked },
            (r: Rotation) => (r.enabled ? '已开启自动分配' : '已关闭自动分配'),
            load,
          )
        }
      />
      <span>新注册的高校/科研和企业客户自动分配专属顾问（在 {rotation.managers} 位业务经理间轮流）</span>
    </label>
  );
}
