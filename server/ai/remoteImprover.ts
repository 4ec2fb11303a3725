// The optional remote improver: any OpenAI-compatible chat endpoint (a local Ollama, a hosted
// model) at AI_BASE_URL, given the video title and recent comments as context.
import { LIMITS } from '../../contract/limits.js';

export interface RemoteSettings {
  baseUrl: string;
  model: string;
  apiKey: string | null;
  timeoutMs: number;
}

export interface ImproveRequest {
  title: string;
  comment: string;
  others: string[];
}

const INSTRUCTIONS =
  'You improve comments that viewers write under videos. Fix spelling, grammar, punctuation and ' +
  'capitalisation, and make the wording clearer, while keeping the meaning, the tone, the language, ' +
  'the point of view and about the same length. Never answer the comment or add new ideas. ' +
  'Reply with the improved comment only, without quotes or explanations.';

function promptOf({ title, comment, others }: ImproveRequest): string {
  const context = others.length ? `Recent comments on the video:\n${others.map((other) => `- ${other}`).join('\n')}\n\n` : '';
  return `Video title: ${title || '(untitled)'}\n\n${context}Comment to improve:\n${comment}`;
}

/** The model's text without reasoning blocks, labels or wrapping quotes. */
function cleanAnswer(answer: string): string {
  let text = answer.replace(/<think>[\s\S]*?<\/think>/gi, '').trim();
  text = text.replace(/^(improved|revised|corrected)( comment)?\s*:\s*/i, '').trim();
  const quoted = /^(["'“])([\s\S]*)(["'”])$/.exec(text);
  if (quoted && !quoted[2]!.includes(quoted[1]!)) text = quoted[2]!.trim();
  return text;
}

/** The remote model's improved comment; throws on any failure so the caller can fall back. */
export async function improveRemotely(settings: RemoteSettings, request: ImproveRequest): Promise<string> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (settings.apiKey) headers.authorization = `Bearer ${settings.apiKey}`;
  const response = await fetch(`${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
    method: 'POST',
    headers,
    signal: AbortSignal.timeout(settings.timeoutMs),
    body: JSON.stringify({
      model: settings.model,
      temperature: 0.2,
      max_tokens: 1024,
      stream: false,
      messages: [
        { role: 'system', content: INSTRUCTIONS },
        { role: 'user', content: promptOf(request) },
      ],
    }),
  });
  if (!response.ok) throw new Error(`AI endpoint answered ${response.status}`);
  const body = (await response.json()) as { choices?: Array<{ message?: { content?: unknown } }> };
  const content = body.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw new Error('AI endpoint answered without a message');
  const text = cleanAnswer(content);
  if (!text) throw new Error('AI endpoint answered an empty comment');
  if (text.length > LIMITS.commentMax) throw new Error('AI endpoint answered a comment over the length limit');
  return text;
}
