// Reads a multipart form: text fields, small files into memory (images), large files
// streamed to a temp file (videos). Size limits answer 413; nothing is left behind on error.
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { newId } from '../ids.js';
import { badRequest, payloadTooLarge, unsupportedMediaType } from './envelope.js';
import { partialUploadDir } from './partialUploads.js';
import { isStorableText, unstorableText } from './storableText.js';

export interface FileRule {
  maxBytes: number;
  /** Stream to a temp file instead of memory. */
  toDisk?: boolean;
  label: string;
}

interface MemoryFile {
  filename: string;
  mimetype: string;
  buffer: Buffer;
}

interface DiskFile {
  filename: string;
  mimetype: string;
  path: string;
  size: number;
}

export interface MultipartForm {
  fields: Record<string, string>;
  files: Record<string, MemoryFile>;
  diskFiles: Record<string, DiskFile>;
  /** Removes temp files; call in finally. */
  cleanup(): Promise<void>;
}

const MAX_FIELD_BYTES = 64 * 1024;

/** The 413 message of every upload limit (multipart here, tus in uploads/tusIntake.ts). */
export function sizeLimitMessage(label: string, maxBytes: number): string {
  return `${label} must be at most ${Math.round(maxBytes / (1024 * 1024))} MB`;
}

function tooLarge(rule: FileRule): Error {
  return payloadTooLarge(sizeLimitMessage(rule.label, rule.maxBytes));
}

export async function readMultipart(request: FastifyRequest, rules: Record<string, FileRule>, tempDir: string): Promise<MultipartForm> {
  if (!request.isMultipart()) throw unsupportedMediaType('Expected a multipart/form-data body');
  const form: MultipartForm = {
    fields: {},
    files: {},
    diskFiles: {},
    cleanup: async () => {
      await Promise.all(Object.values(form.diskFiles).map((file) => rm(file.path, { force: true })));
    },
  };
  try {
    for await (const part of request.parts({ limits: { fieldSize: MAX_FIELD_BYTES } })) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw payloadTooLarge(`Field ${part.fieldname} is too long`);
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        if (!isStorableText(part.fieldname) || !isStorableText(value)) throw unstorableText(part.fieldname);
        form.fields[part.fieldname] = value;
        continue;
      }
      const rule = rules[part.fieldname];
      if (!rule) {
        part.file.resume();
        throw badRequest(`Unexpected file field '${part.fieldname}'`);
      }
      if (form.files[part.fieldname] || form.diskFiles[part.fieldname]) {
        // A second file under the same name would silently replace (and leak) the first.
        part.file.resume();
        throw badRequest(`Only one file is allowed in '${part.fieldname}'`);
      }
      if (rule.toDisk) {
        const directory = partialUploadDir(tempDir);
        await mkdir(directory, { recursive: true });
        const path = join(directory, `${newId()}.upload`);
        let size = 0;
        form.diskFiles[part.fieldname] = { filename: part.filename, mimetype: part.mimetype, path, size: 0 };
        await pipeline(
          part.file,
          async function* (source: AsyncIterable<Buffer>) {
            for await (const chunk of source) {
              size += chunk.length;
              if (size > rule.maxBytes) throw tooLarge(rule);
              yield chunk;
            }
          },
          createWriteStream(path),
        );
        if (part.file.truncated) throw tooLarge(rule);
        form.diskFiles[part.fieldname]!.size = size;
        // An empty file input (no file chosen) counts as absent, as it does for memory files.
        if (size === 0) {
          await rm(path, { force: true });
          delete form.diskFiles[part.fieldname];
        }
      } else {
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of part.file) {
          size += chunk.length;
          if (size > rule.maxBytes) {
            part.file.resume();
            throw tooLarge(rule);
          }
          chunks.push(chunk);
        }
        if (part.file.truncated) throw tooLarge(rule);
        if (size > 0) form.files[part.fieldname] = { filename: part.filename, mimetype: part.mimetype, buffer: Buffer.concat(chunks) };
      }
    }
  } catch (error) {
    await form.cleanup();
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT') {
      throw payloadTooLarge('Upload is too large');
    }
    throw error;
  }
  return form;
}

/** Temp files a crash left behind (uploads cut off mid-way, transcoding work dirs). */
export async function removeStaleTempFiles(tempDir: string, olderThanMs = 24 * 3600 * 1000, keep: string[] = []): Promise<void> {
  const names = (await readdir(tempDir).catch(() => [] as string[])).filter((name) => !keep.includes(name));
  const cutoff = Date.now() - olderThanMs;
  for (const name of names) {
    const path = join(tempDir, name);
    const info = await stat(path).catch(() => null);
    if (info && info.mtimeMs < cutoff) await rm(path, { recursive: true, force: true });
  }
}
