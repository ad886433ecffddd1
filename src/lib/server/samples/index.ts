// The samples domain's public face (decision 0069). Samples sit above orders: loading this module
// registers with orders how an order's samples are made, listed and posted, so every order of
// 送样检测 items is written with its samples in one transaction.
import { registerSampleHooks } from '../orders/index.ts';
import { createSamples, postSamples } from './records.ts';
import { samplesOfOrder } from './read.ts';

registerSampleHooks({ create: createSamples, ofOrder: samplesOfOrder, posted: postSamples });

export { sampleRoutes, sampleAdminRoutes } from './routes.ts';
export {
  recordSampleEvent,
  findSampleByNo,
  lockSample,
  type SampleEventInput,
  type SampleRow,
} from './records.ts';
export { samplesOfOrder, trailOf } from './read.ts';
