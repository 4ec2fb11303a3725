// One handler per job type.
import type { JobHandlers } from '../types.js';
import { analyticsRollupJob } from './analyticsRollup.js';
import { deliverPushJob } from './deliverPush.js';
import { packageHlsJob } from './packageHls.js';
import { slowLinkRungsJob } from './slowLinkRungs.js';
import { transcodeJob } from './transcode.js';

export const jobHandlers: JobHandlers = {
  transcode: transcodeJob,
  'package-hls': packageHlsJob,
  'deliver-push': deliverPushJob,
  'slow-link-rungs': slowLinkRungsJob,
  'analytics-rollup': analyticsRollupJob,
};
