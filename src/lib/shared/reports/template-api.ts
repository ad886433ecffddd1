// The report template's calls (decision 0076): read and save it, upload its logo and seal, list
// the staff who may sign, and preview a sample report rendered with it (a PDF).
import { z } from '../zod.ts';
import { endpoint } from '../api/endpoint.ts';
import {
  SignatoryCandidatesSchema,
  TemplateAnswerSchema,
  TemplatePictureSchema,
  templateSaveSchema,
} from './template.ts';

const empty = z.object({}, { error: '请求参数格式不正确' });

export const reportTemplateAdminApi = {
  get: endpoint({
    method: 'POST',
    path: '/api/admin/report/template',
    access: 'reports.template',
    audit: 'read',
    summary: '报告模板',
    body: empty,
    response: TemplateAnswerSchema,
  }),
  save: endpoint({
    method: 'POST',
    path: '/api/admin/report/template/save',
    access: 'reports.template',
    summary: '保存报告模板',
    body: templateSaveSchema,
    response: TemplateAnswerSchema,
  }),
  logo: endpoint({
    method: 'POST',
    path: '/api/admin/report/template/logo',
    access: 'reports.template',
    summary: '上传报告标志图片',
    multipart: { file: '图片（PNG、JPG、WEBP）' },
    response: TemplatePictureSchema,
  }),
  seal: endpoint({
    method: 'POST',
    path: '/api/admin/report/template/seal',
    access: 'reports.template',
    summary: '上传检验检测专用章图片',
    multipart: { file: '图片（PNG，透明背景为佳）' },
    response: TemplatePictureSchema,
  }),
  staff: endpoint({
    method: 'POST',
    path: '/api/admin/report/template/staff',
    access: 'reports.template',
    audit: 'read',
    summary: '可选的授权签字人（员工）',
    body: empty,
    response: SignatoryCandidatesSchema,
  }),
  preview: endpoint({
    method: 'POST',
    path: '/api/admin/report/template/preview',
    access: 'reports.template',
    audit: 'read',
    summary: '预览报告（PDF，示例数据）',
    body: empty,
    produces: 'application/pdf: a sample report rendered with the current template',
  }),
};
