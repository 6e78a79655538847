import { run } from './pipeline/run.ts';

await run();
