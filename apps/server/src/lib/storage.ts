import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live (CVs today, parking receipts later). STORAGE=local (the default) keeps
 * them under DATA_DIR/files; an S3-compatible store can implement the same three calls.
 */
export interface FileStorage {
  put(key: string, content: Buffer): Promise<void>;
  /** The file, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

/** Keys are our own ("cv/<uuid>"), never a name a user typed: nothing can climb out of the folder. */
function safeKey(key: string): string {
  if (!/^[a-z]+\/[0-9a-f-]{36}$/.test(key)) throw new Error(`not a storage key: ${key}`);
  return key;
}

export function localStorage(root: string): FileStorage {
  const at = (key: string) => path.join(root, safeKey(key));
  return {
    async put(key, content) {
      await mkdir(path.dirname(at(key)), { recursive: true });
      // Written beside, then renamed: a reader never sees half a file.
      const temporary = `${at(key)}.part`;
      await writeFile(temporary, content);
      await rename(temporary, at(key));
    },
    async get(key) {
      try {
        return await readFile(at(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(at(key), { force: true });
    },
  };
}

export function storageFor(config: { STORAGE: string; DATA_DIR: string }): FileStorage {
  if (config.STORAGE !== 'local')
    throw new Error(`STORAGE=${config.STORAGE} is not supported yet (use local)`);
  return localStorage(path.join(config.DATA_DIR, 'files'));
}
