// The plan domain's public face: its lines (lines.ts), and whole lines put in at once from a
// sample sheet, a past order or a template (fill.ts, decision 0089).
export {
  addToPlan,
  listPlan,
  lockPlanLines,
  planCountOf,
  removePlanLines,
  takePlanLines,
  updatePlanLine,
  checkSamples,
} from './lines.ts';
export { readSheet, sheetRefusal } from './sheet.ts';
export {
  deleteTemplate,
  erasePlanData,
  fillPlan,
  listTemplates,
  planAsLines,
  planFromSheet,
  saveTemplate,
  useTemplate,
} from './fill.ts';
