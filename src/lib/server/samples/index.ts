// The samples domain's public face (decision 0069). Samples sit above orders: loading this module
// registers with orders how an order's samples are made, listed and posted, so every order of
// 送样检测 items is written with its samples in one transaction.
import { registerSampleHooks } from '../orders/index.ts';
import { createSamples, postSamples } from './records.ts';
import { samplesOfOrder } from './read.ts';
import { closeReceipt } from './receipt.ts';
import { queueLabelsNotice } from './labels-notice.ts';
import { overdueSamples } from './promises.ts';

registerSampleHooks({
  create: async (tx, order, lines, by, now) => {
    await createSamples(tx, order, lines, by, now);
    await queueLabelsNotice(tx, order, now);
  },
  ofOrder: samplesOfOrder,
  posted: postSamples,
  receipt: closeReceipt,
  overdue: overdueSamples,
});

export { sampleRoutes, sampleAdminRoutes } from './routes.ts';
export { sampleScanRoutes } from './scan-routes.ts';
export { disposalRoutes, disposalAdminRoutes } from './disposal-routes.ts';
export { SAMPLE_DISPOSAL, disposalJob } from './disposal-jobs.ts';
export { sampleLabelRoutes, sampleLabelAdminRoutes } from './labels-routes.ts';
// What the lab's next screens build on (scan to receive, storage, retention and disposal): one
// custody event under the sample's lock, a sample by the code on its label, an order's samples,
// a sample's trail. Tagged public until those screens use them (knip reports unused exports).
export {
  /** @public */ recordSampleEvent,
  /** @public */ findSampleByNo,
  /** @public */ lockSample,
  /** @public */ type SampleEventInput,
  /** @public */ type SampleRow,
} from './records.ts';
export {
  /** @public */ samplesOfOrder,
  /** @public */ trailOf,
  receiptFactsOf,
  whereaboutsOf,
} from './read.ts';
export { sampleDirectory } from './read.ts';
export { drawQr } from './label-codes.ts';
