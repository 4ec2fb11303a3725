// Folder copies for backup and restore, and the emptiness checks both make before writing.
import { copyFile, mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** Entries in `dir`; [] when it does not exist. */
export async function entriesOf(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

const vanished = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Copies every file under `from` into `to`, keeping the layout. Made for a folder the server keeps
 * writing: a file removed meanwhile is skipped, and `.part` files (writes not yet renamed into
 * place) are left out. Answers how many files and bytes it copied.
 */
export async function copyTree(from: string, to: string): Promise<{ files: number; bytes: number }> {
  const total = { files: 0, bytes: 0 };
  let entries;
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch (error) {
    if (vanished(error)) return total;
    throw error;
  }
  await mkdir(to, { recursive: true, mode: 0o700 });
  for (const entry of entries) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) {
      const copied = await copyTree(source, target);
      total.files += copied.files;
      total.bytes += copied.bytes;
    } else if (entry.isFile() && !entry.name.endsWith('.part')) {
      try {
        await copyFile(source, target);
        total.files++;
        total.bytes += (await stat(target)).size;
      } catch (error) {
        if (!vanished(error)) throw error;
      }
    }
  }
  return total;
}
