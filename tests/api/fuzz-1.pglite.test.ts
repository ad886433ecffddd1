// Hostile input against every route (tests/support/fuzz.ts): part 1 of 3 of the routes, so the
// run's heaviest suite is shared by Vitest's workers.
import { fuzzRoutes } from '../support/fuzz.ts';

await fuzzRoutes(0, 3);
