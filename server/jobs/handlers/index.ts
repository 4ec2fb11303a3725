// One handler per job type.
import type { JobHandlers } from '../types.js';
import { packageHlsJob } from './packageHls.js';
import { transcodeJob } from './transcode.js';

export const jobHandlers: JobHandlers = {
  transcode: transcodeJob,
  'package-hls': packageHlsJob,
};
