// POST /ai/improve-comment's logic: the remote model when one is configured, else (and on any
// failure, timeout or useless answer) the local improver.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { improveLocally } from './localImprover.js';
import { improveRemotely, type ImproveRequest } from './remoteImprover.js';

export type { ImproveRequest };

const OTHERS_KEPT = 10;
const OTHER_CHARS = 500;
const TITLE_CHARS = 200;

/** Recent comments as the clients send them: a string, a list of strings, or comment objects. */
export function recentCommentsOf(others: unknown): string[] {
  const items = typeof others === 'string' ? others.split(/\n+/) : Array.isArray(others) ? others : [];
  return items
    .map((item) => (typeof item === 'string' ? item : typeof item?.content === 'string' ? (item.content as string) : ''))
    .map((text) => text.trim().slice(0, OTHER_CHARS))
    .filter(Boolean)
    .slice(0, OTHERS_KEPT);
}

export async function improveComment(
  config: Pick<Config, 'aiBaseUrl' | 'aiModel' | 'aiApiKey' | 'aiTimeoutMs'>,
  input: ImproveRequest,
  log?: FastifyBaseLogger,
): Promise<string> {
  const request = { ...input, title: input.title.trim().slice(0, TITLE_CHARS), comment: input.comment.trim() };
  if (config.aiBaseUrl) {
    try {
      const settings = { baseUrl: config.aiBaseUrl, model: config.aiModel, apiKey: config.aiApiKey, timeoutMs: config.aiTimeoutMs };
      const answer = await improveRemotely(settings, request);
      // An echo of the draft is no help when the local tools can still fix something.
      if (answer !== request.comment) return answer;
    } catch (error) {
      log?.warn({ reason: (error as Error).message }, 'remote comment improver failed; using the local one');
    }
  }
  return improveLocally(request.comment, request.title, request.others);
}
