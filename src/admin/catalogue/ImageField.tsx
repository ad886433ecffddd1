import { useId, useState } from 'react';
import { consoleApi } from '../session.ts';
import { input } from '../ui.tsx';
import { PICTURE_TYPES, PICTURE_TYPES_REFUSED } from '../../lib/shared/files/pictures.ts';
import { filesAdminApi } from '../../lib/shared/files/api.ts';

/**
 * A catalogue picture: upload one (stored as public media, decision 0035) or type a site path or an
 * https address; the preview shows what the public page will show.
 */
export default function ImageField({
  label = '图片',
  name = 'img',
  value,
  onChange,
}: {
  label?: string;
  name?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState('');

  async function upload(file: File | undefined) {
    if (!file) return;
    setProblem('');
    if (!PICTURE_TYPES.includes(file.type)) return setProblem(PICTURE_TYPES_REFUSED);
    const form = new FormData();
    form.set('file', file);
    setProgress(0);
    try {
      const stored = await consoleApi.upload<{ url: string }>(filesAdminApi.mediaUpload, form, setProgress, {
        throws: true,
      });
      if (stored) onChange(stored.url);
    } catch (e) {
      setProblem(e instanceof Error ? e.message : '上传失败');
    } finally {
      setProgress(null);
    }
  }

  return (
    <div className="grid gap-1 text-sm">
      <label htmlFor={id} className="font-medium text-slate-700">
        {label}
      </label>
      <div className="flex items-start gap-3">
        <div className="flex h-16 w-16 shrink-0 items-center justify-center overflow-hidden rounded-md border border-slate-200 bg-slate-50">
          {value ? (
            <img src={value} alt="图片预览" className="h-full w-full object-cover" />
          ) : (
            <span className="text-xs text-slate-400">无图片</span>
          )}
        </div>
        <div className="grid min-w-0 flex-1 gap-1.5">
          <input
            id={id}
            className={input}
            name={name}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
          <span className="flex flex-wrap items-center gap-2">
            <label className="inline-flex h-8 cursor-pointer items-center rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-700 hover:bg-slate-50 focus-within:ring-2 focus-within:ring-brand-100">
              上传图片
              <input
                type="file"
                accept={PICTURE_TYPES.join(',')}
                className="sr-only"
                aria-label={`上传${label}`}
                onChange={(e) => {
                  void upload(e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
            </label>
            {progress !== null && (
              <span className="text-xs text-slate-500">上传中 {Math.round(progress * 100)}%</span>
            )}
            {problem && (
              <span role="alert" className="text-xs text-red-600">
                {problem}
              </span>
            )}
          </span>
          <span className="text-xs text-slate-500">
            上传 PNG、JPG、WEBP、GIF（5MB 以内），或填写站内路径、https 地址
          </span>
        </div>
      </div>
    </div>
  );
}
