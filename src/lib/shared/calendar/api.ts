// The staff calls of the working calendar (decision 0079), declared once (decision 0064).
import { endpoint } from '../api/endpoint.ts';
import {
  calendarDayRemoveSchema,
  calendarDaySaveSchema,
  calendarImportSchema,
  CalendarImportResultSchema,
  calendarMonthSchema,
  CalendarMonthSchema,
  calendarSettingsSchema,
  CalendarSettingsSchema,
} from './calendar.ts';

const audit = { record: 'calendar' } as const;

export const calendarAdminApi = {
  month: endpoint({
    method: 'GET',
    path: '/api/admin/calendar/month',
    access: 'dashboard.read',
    summary: '工作日历：一个月的每一天（法定节假日、调休上班、实验室停工/加班）',
    query: calendarMonthSchema,
    response: CalendarMonthSchema,
  }),
  save: endpoint({
    method: 'POST',
    path: '/api/admin/calendar/day/save',
    access: 'calendar.manage',
    summary: '设置实验室停工或加班（附原因）',
    body: calendarDaySaveSchema,
    response: CalendarMonthSchema,
    audit,
  }),
  remove: endpoint({
    method: 'POST',
    path: '/api/admin/calendar/day/remove',
    access: 'calendar.manage',
    summary: '取消实验室自定的停工或加班',
    body: calendarDayRemoveSchema,
    response: CalendarMonthSchema,
    audit,
  }),
  import: endpoint({
    method: 'POST',
    path: '/api/admin/calendar/import',
    access: 'calendar.manage',
    summary: '导入官方节假日安排（CSV：date,kind[,name]），逐行报告错误',
    body: calendarImportSchema,
    response: CalendarImportResultSchema,
    audit: 'write',
  }),
  settings: endpoint({
    method: 'GET',
    path: '/api/admin/calendar/settings',
    access: 'dashboard.read',
    summary: '工作日历设置（每日收样截止时间）',
    response: CalendarSettingsSchema,
  }),
  saveSettings: endpoint({
    method: 'POST',
    path: '/api/admin/calendar/settings/save',
    access: 'calendar.manage',
    summary: '保存每日收样截止时间',
    body: calendarSettingsSchema,
    response: CalendarSettingsSchema,
    audit: 'write',
  }),
};
