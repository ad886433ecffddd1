// Uploads and downloads (decision 0064): the customer's files under /api/auth/file, public
// catalogue pictures under /api/open/media, the console's files and pictures under /api/admin.
import { endpoint } from '../api/endpoint.ts';
import { staffFileSchema, UploadedSchema, UploadLimitsSchema } from './responses.ts';

const UPLOAD_FIELDS = {
  file: '文件',
  rid: '所属订单编号（可选）',
  kind: 'protocol：签署后的委托协议（可选）',
};

export const filesApi = {
  limits: endpoint({
    method: 'POST',
    path: '/api/auth/file/limits',
    access: 'signed-in',
    summary: '上传限制',
    response: UploadLimitsSchema,
  }),
  uploadFile: endpoint({
    method: 'POST',
    path: '/api/auth/file/upload4file',
    access: 'signed-in',
    summary: '上传附件',
    multipart: UPLOAD_FIELDS,
    response: UploadedSchema,
  }),
  uploadPic: endpoint({
    method: 'POST',
    path: '/api/auth/file/upload4pic',
    access: 'signed-in',
    summary: '上传图片',
    multipart: UPLOAD_FIELDS,
    response: UploadedSchema,
  }),
  download: endpoint({
    method: 'GET',
    path: '/api/auth/file/download/:rid',
    access: 'signed-in',
    summary: '下载文件',
    produces: 'the file (Content-Disposition: attachment)',
  }),
  thumb: endpoint({
    method: 'GET',
    path: '/api/auth/file/thumb/:rid',
    access: 'signed-in',
    summary: '图片缩略图',
    produces: 'a small WebP of the picture',
  }),
  media: endpoint({
    method: 'GET',
    path: '/api/open/media/:rid',
    access: 'public',
    summary: '目录图片',
    produces: 'the picture',
  }),
};

export const filesAdminApi = {
  // POST with the rid in the body, like invoice/zip: the guard names calls by path.
  download: endpoint({
    method: 'POST',
    path: '/api/admin/file/download',
    access: 'dashboard.read',
    summary: '下载客户文件（员工）',
    body: staffFileSchema,
    produces: 'the file (Content-Disposition: attachment)',
  }),
  mediaUpload: endpoint({
    method: 'POST',
    path: '/api/admin/media/upload',
    access: 'catalogue.edit',
    summary: '上传目录图片',
    multipart: { file: '图片（PNG、JPG、WEBP、GIF）' },
    response: UploadedSchema,
  }),
};
