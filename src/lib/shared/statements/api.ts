// The statements calls (decision 0064).
import { endpoint } from '../api/endpoint.ts';
import {
  SettlementListSchema,
  SettlementResultSchema,
  StaffStatementDetailSchema,
  StaffStatementPageSchema,
  StatementDetailSchema,
  StatementPageSchema,
} from './responses.ts';
import {
  settlementListSchema,
  settlementPaySchema,
  staffStatementAnswerSchema,
  staffStatementIssueSchema,
  staffStatementListSchema,
  statementDisputeSchema,
  statementQuerySchema,
  statementRidSchema,
} from './statements.ts';

export const statementsApi = {
  list: endpoint({
    method: 'POST',
    path: '/api/auth/assign/statement',
    access: 'signed-in',
    summary: '我的对账单',
    body: statementQuerySchema,
    response: StatementPageSchema,
  }),
  confirm: endpoint({
    method: 'POST',
    path: '/api/auth/assign/right',
    access: 'signed-in',
    summary: '确认对账单',
    body: statementRidSchema,
    response: StatementDetailSchema,
  }),
  dispute: endpoint({
    method: 'POST',
    path: '/api/auth/assign/wrong',
    access: 'signed-in',
    summary: '对账单提出异议',
    body: statementDisputeSchema,
    response: StatementDetailSchema,
  }),
  settlementList: endpoint({
    method: 'POST',
    path: '/api/auth/assign/settlementList',
    access: 'signed-in',
    summary: '待结算订单',
    body: settlementListSchema,
    response: SettlementListSchema,
  }),
  settle: endpoint({
    method: 'POST',
    path: '/api/auth/assign/settlementOperatePlus',
    access: 'signed-in',
    summary: '结算订单',
    body: settlementPaySchema,
    response: SettlementResultSchema,
  }),
  pdf: endpoint({
    method: 'GET',
    path: '/api/auth/assign/statement/pdf/:rid',
    access: 'signed-in',
    summary: '下载对账单 PDF',
    produces: 'application/pdf: the statement',
  }),
};

export const statementsAdminApi = {
  list: endpoint({
    method: 'POST',
    path: '/api/admin/statement/list',
    access: 'statements.read',
    summary: '对账单列表',
    body: staffStatementListSchema,
    response: StaffStatementPageSchema,
  }),
  detail: endpoint({
    method: 'POST',
    path: '/api/admin/statement/detail',
    access: 'statements.read',
    summary: '对账单详情',
    body: statementRidSchema,
    response: StaffStatementDetailSchema,
  }),
  issue: endpoint({
    method: 'POST',
    path: '/api/admin/statement/issue',
    access: 'statements.manage',
    summary: '出具对账单',
    body: staffStatementIssueSchema,
    response: StaffStatementDetailSchema,
  }),
  /** The statement's PDF, as its customer downloads it (POST with the console's token). */
  pdf: endpoint({
    method: 'POST',
    path: '/api/admin/statement/pdf',
    access: 'statements.read',
    summary: '下载对账单 PDF',
    body: statementRidSchema,
    produces: 'application/pdf: the statement',
  }),
  answer: endpoint({
    method: 'POST',
    path: '/api/admin/statement/answer',
    access: 'statements.manage',
    summary: '答复对账单异议',
    body: staffStatementAnswerSchema,
    response: StaffStatementDetailSchema,
  }),
};
