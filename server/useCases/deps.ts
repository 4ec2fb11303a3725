// What use cases may touch: repositories, storage, the job queue and the domain event bus. The
// Fastify app satisfies it (the composition root decorates each), and so can a job or a command.
import type { Config } from '../config.js';
import type { Repositories } from '../db/repositories/index.js';
import type { DomainEventBus } from '../domain/eventBus.js';
import type { JobQueue } from '../jobs/types.js';
import type { MediaStorage } from '../media/storage.js';

export interface UseCaseDeps {
  config: Config;
  repos: Repositories;
  events: DomainEventBus;
  storage: MediaStorage;
  jobs: Pick<JobQueue, 'enqueue' | 'cancel'>;
}
