// The coupons calls (decision 0064).
import { endpoint } from '../api/endpoint.ts';
import {
  couponAddSchema,
  couponIssueSchema,
  couponListSchema,
  couponTemplateListSchema,
  couponTemplateSchema,
  couponUsageSchema,
  issueRequestListSchema,
  issueRequestRejectSchema,
  issueRequestRidSchema,
  templateRidSchema,
} from './coupons.ts';
import {
  ClaimableSchema,
  CouponIssueRequestPageSchema,
  CouponPageSchema,
  CouponSchema,
  CouponUsagePageSchema,
  IssueDecidedSchema,
  IssuedSchema,
  StaffTemplatePageSchema,
  StaffTemplateSchema,
} from './responses.ts';

export const couponsApi = {
  claim: endpoint({
    method: 'POST',
    path: '/api/auth/discount4user/add',
    access: 'signed-in',
    summary: '领取或兑换优惠券',
    body: couponAddSchema,
    response: CouponSchema,
  }),
  mine: endpoint({
    method: 'POST',
    path: '/api/auth/discount4user/all',
    access: 'signed-in',
    summary: '我的优惠券',
    body: couponListSchema,
    response: CouponPageSchema,
  }),
  claimable: endpoint({
    method: 'POST',
    path: '/api/auth/discount4user/list4all',
    access: 'signed-in',
    summary: '可领取的优惠券',
    response: ClaimableSchema,
  }),
};

export const couponsAdminApi = {
  templateList: endpoint({
    method: 'POST',
    path: '/api/admin/coupon/template/list',
    access: 'coupons.read',
    summary: '优惠券模板列表',
    body: couponTemplateListSchema,
    response: StaffTemplatePageSchema,
  }),
  templateAdd: endpoint({
    method: 'POST',
    path: '/api/admin/coupon/template/add',
    access: 'coupons.manage',
    summary: '创建优惠券模板',
    body: couponTemplateSchema,
    response: StaffTemplateSchema,
  }),
  templateRetire: endpoint({
    method: 'POST',
    path: '/api/admin/coupon/template/retire',
    access: 'coupons.manage',
    summary: '停用优惠券模板',
    body: templateRidSchema,
    response: StaffTemplateSchema,
  }),
  issue: endpoint({
    method: 'POST',
    path: '/api/admin/coupon/issue',
    access: 'coupons.manage',
    summary: '按手机号发放优惠券',
    body: couponIssueSchema,
    response: IssuedSchema,
  }),
  issueList: endpoint({
    method: 'POST',
    path: '/api/admin/coupon/issue/list',
    access: 'coupons.read',
    summary: '待复核的优惠券发放',
    body: issueRequestListSchema,
    response: CouponIssueRequestPageSchema,
  }),
  issueApprove: endpoint({
    method: 'POST',
    path: '/api/admin/coupon/issue/approve',
    access: 'coupons.manage',
    summary: '复核通过优惠券发放',
    body: issueRequestRidSchema,
    response: IssueDecidedSchema,
  }),
  issueReject: endpoint({
    method: 'POST',
    path: '/api/admin/coupon/issue/reject',
    access: 'coupons.manage',
    summary: '驳回优惠券发放',
    body: issueRequestRejectSchema,
    response: IssueDecidedSchema,
  }),
  usage: endpoint({
    method: 'POST',
    path: '/api/admin/coupon/usage',
    access: 'coupons.read',
    summary: '优惠券领取与使用情况',
    body: couponUsageSchema,
    response: CouponUsagePageSchema,
  }),
};
