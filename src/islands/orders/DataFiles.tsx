// A data-analysis order's input: the customer uploads the data files to the order (upload4file
// with the order's rid), in place of posting a sample (decision 0052).
import Section from './Section.tsx';
import { FilePicker, UploadRow, useUploadLimits, useUploads } from '../files/uploads.tsx';
import { UPLOAD_ACCEPT } from '../../lib/shared/orders/demand.ts';
import { filesApi } from '../../lib/shared/files/api.ts';

export function DataFiles({ rid, onUploaded }: { rid: string; onUploaded: () => void }) {
  const limits = useUploadLimits();
  const accept = limits?.accept ?? UPLOAD_ACCEPT;
  const uploads = useUploads(filesApi.uploadFile, { rid }, limits?.file_max_bytes ?? null, accept);
  async function addFiles(files: File[]) {
    const stored = await Promise.all(files.map((f) => uploads.add(f)));
    if (stored.some(Boolean)) onUploaded();
  }
  return (
    <Section title="待分析数据">
      <p className="text-sm text-slate-600">
        数据分析无需寄送样品：请上传待分析的数据文件（如结构文件、输入参数、原始数据），上传后会显示在下方“订单文件”中。
      </p>
      <div className="mt-3">
        <FilePicker
          label="上传数据文件"
          multiple
          accept={accept}
          busy={uploads.busy}
          onFiles={(f) => void addFiles(f)}
        />
      </div>
      {uploads.items.length > 0 && (
        <ul className="mt-3 grid gap-2" aria-label="上传进度">
          {uploads.items.map((i) => (
            <UploadRow key={i.key} item={i} />
          ))}
        </ul>
      )}
    </Section>
  );
}
