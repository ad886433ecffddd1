import { ability, device, item, prefecture, projectChild, projectType } from './catalogue/tables.ts';
import { setting } from './catalogue/site-tables.ts';
import {
  bankRows,
  creditApplications,
  moneyApprovals,
  prestoreApplications,
  transferApplications,
} from './money/tables.ts';
import { deviceBlocks, reservations, tempDevices } from './reservations/tables.ts';
import { authorizationRecord, blockRecord } from './reservations/index.ts';
import { orders } from './orders/tables.ts';
import { samples } from './samples/tables.ts';
import { results } from './results/tables.ts';
import { pointsAdjustRequests, pointsExchanges, pointsItems } from './points/tables.ts';
import { couponIssueRequests } from './coupons/tables.ts';
import { reconciliationExceptions } from './payments/tables.ts';
import { samplings } from './member/tables.ts';
import { storageLocations } from './samples/location-tables.ts';
import { reportVersions } from './reports/tables.ts';
import { users } from './accounts/tables.ts';
import { statements } from './statements/tables.ts';
import { promoters, promoterWithdrawals, promotionCampaigns } from './promotion/tables.ts';
import { calendarDays } from './calendar/tables.ts';
import { advisorRecord } from './customers/index.ts';
import { staffRecord, type AuditedRecords } from './staff/index.ts';

/**
 * The tables whose rows staff calls act on, for the audit log's before and after (staffAccess,
 * decision 0023). They span the schema, and staff sits below statements that it would name, so
 * the composition lists them as the database client gathers every table (decision 0061).
 */
export const auditedRecords: AuditedRecords = {
  // By the first letter of their public id (platform/ids.ts).
  byPrefix: {
    o: { table: orders, rid: orders.rid },
    y: { table: prestoreApplications, rid: prestoreApplications.rid },
    z: { table: transferApplications, rid: transferApplications.rid },
    k: { table: creditApplications, rid: creditApplications.rid },
    v: { table: reservations, rid: reservations.rid },
    s: { table: samplings, rid: samplings.rid },
    t: { table: tempDevices, rid: tempDevices.rid },
    d: { table: device, rid: device.rid },
    b: { table: deviceBlocks, rid: deviceBlocks.rid },
    u: { table: users, rid: users.rid },
    h: { table: reconciliationExceptions, rid: reconciliationExceptions.rid },
    g: { table: pointsItems, rid: pointsItems.rid },
    x: { table: pointsExchanges, rid: pointsExchanges.rid },
    S: { table: statements, rid: statements.rid },
    P: { table: promoters, rid: promoters.rid },
    W: { table: promoterWithdrawals, rid: promoterWithdrawals.rid },
    C: { table: promotionCampaigns, rid: promotionCampaigns.rid },
    A: { table: moneyApprovals, rid: moneyApprovals.rid },
    J: { table: pointsAdjustRequests, rid: pointsAdjustRequests.rid },
    Q: { table: couponIssueRequests, rid: couponIssueRequests.rid },
    M: { table: samples, rid: samples.rid },
    T: { table: results, rid: results.rid },
    V: { table: reportVersions, rid: reportVersions.rid },
    B: { table: bankRows, rid: bankRows.rid },
  },
  // Catalogue records and storage locations, by the table their call declares (audit.record).
  byRecord: {
    type: { table: projectType, key: projectType.id, field: 'id', numeric: true },
    child: { table: projectChild, key: projectChild.id, field: 'id', numeric: true },
    prefecture: { table: prefecture, key: prefecture.id, field: 'id', numeric: true },
    item: { table: item, key: item.rid, field: 'rid' },
    ability: { table: ability, key: ability.rid, field: 'rid' },
    setting: { table: setting, key: setting.key, field: 'key' },
    location: { table: storageLocations, key: storageLocations.rid, field: 'rid' },
    // A scan names its sample by the code on the label (sample/scan, decision 0072).
    sample: { table: samples, key: samples.sampleNo, field: 'code' },
    // A lab calendar day by its date (calendar/day/*, decision 0079).
    calendar: { table: calendarDays, key: calendarDays.date, field: 'date' },
    // A staff member by the phone of their account: the account's name and role (staff/save).
    staff: { field: 'phone', read: staffRecord },
    // A customer's advisor by the customer's public id, named (customer/advisor, decisions 0090, 0095).
    advisor: { field: 'user_rid', read: advisorRecord },
    // An instrument's own calls name it, so its history finds them (decision 0095): an edit (a new
    // one's id from the answer), a block by its instrument, an authorisation by instrument and customer.
    device: { table: device, key: device.rid, field: 'rid' },
    block: { field: 'rid', read: blockRecord },
    authorization: { field: 'device_rid', read: authorizationRecord },
  },
};
