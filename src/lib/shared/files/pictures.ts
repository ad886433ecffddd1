// The pictures the server accepts (sniffed from the bytes) and the console's pickers offer.
export const PICTURE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
export const PICTURE_TYPES_REFUSED = '仅支持 PNG、JPG、WEBP、GIF 图片';
