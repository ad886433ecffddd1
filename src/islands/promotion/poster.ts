import QRCode from 'qrcode';

const FONT = '"PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "Noto Sans SC", sans-serif';
const W = 750;
const H = 1200;

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number) {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
  ctx.fill();
}

/**
 * The invitation poster (750 × 1200 PNG, the size WeChat moments show whole): the lab's name, the
 * invitation, the QR code of my link and my code, drawn in the browser so no server renders it.
 */
export async function drawPoster(p: { siteName: string; link: string; code: string }): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = W;
  canvas.height = H;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no canvas');
  await document.fonts?.ready;

  const bg = ctx.createLinearGradient(0, 0, W, H);
  bg.addColorStop(0, '#1d4ed8');
  bg.addColorStop(1, '#0f766e');
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, W, H);
  // A few soft circles: the poster reads as designed, not as a screenshot.
  ctx.fillStyle = 'rgba(255,255,255,0.06)';
  for (const [x, y, r] of [
    [640, 120, 180],
    [80, 420, 120],
    [700, 760, 90],
  ]) {
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.fill();
  }

  ctx.textAlign = 'center';
  ctx.fillStyle = 'rgba(255,255,255,0.85)';
  ctx.font = `500 30px ${FONT}`;
  ctx.fillText(p.siteName, W / 2, 110);
  ctx.fillStyle = '#ffffff';
  ctx.font = `bold 68px ${FONT}`;
  ctx.fillText('邀请您一起做科研检测', W / 2, 210);
  ctx.font = `32px ${FONT}`;
  ctx.fillStyle = 'rgba(255,255,255,0.92)';
  // Two set lines: wrapping by width would start a line with a comma.
  ['送样检测 · 预约现场 · 数据分析', '专业、快速、可靠，注册即领新人优惠券'].forEach((l, i) =>
    ctx.fillText(l, W / 2, 300 + i * 52, 640),
  );

  // The card with the QR code and the code.
  const cardY = 430;
  ctx.fillStyle = '#ffffff';
  roundRect(ctx, 95, cardY, 560, 640, 32);
  const qr = new Image();
  qr.src = await QRCode.toDataURL(p.link, { margin: 1, width: 400, errorCorrectionLevel: 'M' });
  await qr.decode();
  ctx.drawImage(qr, (W - 400) / 2, cardY + 50, 400, 400);
  ctx.fillStyle = '#334155';
  ctx.font = `30px ${FONT}`;
  ctx.fillText('微信扫码，注册领取新人礼', W / 2, cardY + 510);
  ctx.fillStyle = '#1d4ed8';
  ctx.font = `bold 40px ${FONT}`;
  ctx.fillText(`邀请码 ${p.code}`, W / 2, cardY + 575);

  ctx.fillStyle = 'rgba(255,255,255,0.75)';
  ctx.font = `24px ${FONT}`;
  ctx.fillText('长按识别二维码或在浏览器打开邀请链接', W / 2, 1130);

  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('toBlob failed'))), 'image/png'),
  );
}
