// `npx tsx bench/client-run.ts`: only the client figures (build, first load, Lighthouse), for
// iterating on the client without the 100,000-collection server run of `npm run bench`.
import { runClientSuite } from './client-suite';

await runClientSuite();
