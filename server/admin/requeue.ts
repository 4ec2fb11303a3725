// `requeue <videoId>`: transcode a video again, through the job queue as an upload does.
import { requeueTranscode } from '../useCases/transcoding.js';
import { type CommandInput, say } from './command.js';
import { startQueue, withCore } from './core.js';

export async function run({ positionals: [videoId] }: CommandInput): Promise<void> {
  await withCore(async (core, jobs) => {
    await startQueue(core, jobs);
    const { jobId } = await requeueTranscode({ ...core, jobs }, { videoId: videoId! });
    say(`Queued transcode job ${jobId} for video ${videoId}`);
  });
}
