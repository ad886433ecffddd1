// The phone's camera as a scanner on 样品签收 (decision 0072): the browser's BarcodeDetector, or
// the ZXing WebAssembly polyfill (`barcode-detector`, loaded only here, its .wasm served by us),
// read a few times a second; each new code goes to the same path as the scan field.
import { useEffect, useRef, useState } from 'react';

type Detector = { detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]> };
const FORMATS = ['qr_code', 'code_128'];

/** The native detector when it reads QR codes, else the polyfill with our copy of its .wasm. */
async function detector(): Promise<Detector> {
  const native = (
    globalThis as {
      BarcodeDetector?: { new (o: unknown): Detector; getSupportedFormats?: () => Promise<string[]> };
    }
  ).BarcodeDetector;
  if (native && (await native.getSupportedFormats?.())?.includes('qr_code'))
    return new native({ formats: FORMATS });
  const [{ BarcodeDetector, setZXingModuleOverrides }, { default: wasm }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  setZXingModuleOverrides({
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasm : prefix + path),
  });
  return new BarcodeDetector({ formats: ['qr_code', 'code_128'] });
}

const cameraProblem = (e: unknown) => {
  const name = e instanceof Error ? e.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return '未获得摄像头权限：请在浏览器设置中允许本站使用摄像头';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return '没有找到可用的摄像头';
  return '摄像头无法启动，请改用扫码枪或手动输入';
};

export function ScanCamera({ onCode, onClose }: { onCode: (code: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<'starting' | 'scanning' | string>('starting');
  const last = useRef({ code: '', at: 0 });
  const emit = useRef(onCode);
  emit.current = onCode;

  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) throw Object.assign(new Error(), { name: 'NotFoundError' });
      stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'environment' },
        audio: false,
      });
      const v = video.current;
      if (stopped || !v) return;
      v.srcObject = stream;
      await v.play();
      const d = await detector();
      setState('scanning');
      const tick = async () => {
        if (stopped) return;
        try {
          const [hit] = await d.detect(v);
          const now = Date.now();
          // A label held in front of the lens is read once, not five times a second.
          if (hit && (hit.rawValue !== last.current.code || now - last.current.at > 3000)) {
            last.current = { code: hit.rawValue, at: now };
            emit.current(hit.rawValue);
          }
        } catch {
          // A frame that cannot be read: try the next one.
        }
        timer = setTimeout(() => void tick(), 200);
      };
      void tick();
    })().catch((e: unknown) => setState(cameraProblem(e)));
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);

  const problem = state !== 'starting' && state !== 'scanning' ? state : '';
  return (
    <section aria-label="摄像头扫码" className="rounded-lg border border-slate-200 bg-white p-3">
      <div className="relative mx-auto aspect-[4/3] w-full max-w-md overflow-hidden rounded-md bg-slate-900">
        <video ref={video} className="size-full object-cover" muted playsInline />
        {!problem && (
          <div
            className="pointer-events-none absolute inset-[18%] rounded-lg border-2 border-white/80"
            aria-hidden
          />
        )}
        <p
          role="status"
          className={`absolute inset-x-0 bottom-0 px-3 py-2 text-center text-sm ${problem ? 'bg-red-600 text-white' : 'bg-black/50 text-white'}`}
        >
          {problem || (state === 'starting' ? '正在打开摄像头…' : '将样品标签或位置标签的二维码放入框内')}
        </p>
      </div>
      <div className="mt-2 flex justify-center">
        <button
          type="button"
          className="inline-flex h-9 items-center rounded-md border border-slate-300 bg-white px-3.5 text-sm text-slate-700"
          onClick={onClose}
        >
          关闭摄像头
        </button>
      </div>
    </section>
  );
}
