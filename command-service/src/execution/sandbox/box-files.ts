/*
 * Host-side file handling for a box's work directory, shared by both sandboxes. The host never follows a
 * path the learner could have shaped: names are checked, every directory is opened without following
 * symlinks and the file is opened relative to that directory's descriptor (openat through
 * /proc/self/fd), so a symlink or FIFO planted in the work dir is refused instead of followed.
 */
import { constants } from 'node:fs';
import { chown, mkdir, open, readdir, type FileHandle } from 'node:fs/promises';
import type { BoxFile, BoxReadResult } from './sandbox';

const { O_RDONLY, O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW, O_DIRECTORY, O_NONBLOCK, O_NOCTTY } = constants;

/** Splits a box-relative path into checked components; throws on absolute paths, '..', '.' or empty parts. */
export function boxPathParts(path: string): string[] {
  if (path.startsWith('/')) throw new Error(`box path must be relative: ${path}`);
  const parts = path.split('/');
  for (const part of parts) {
    if (part === '' || part === '.' || part === '..' || part.includes('\0')) {
      throw new Error(`invalid box path: ${JSON.stringify(path)}`);
    }
  }
  return parts;
}

/** Opens `name` relative to an open directory, never following a final symlink. */
function openAt(dir: FileHandle, name: string, flags: number, mode?: number): Promise<FileHandle> {
  return open(`/proc/self/fd/${dir.fd}/${name}`, flags | O_NOFOLLOW, mode);
}

/** Opens the directory holding `parts`' last component, optionally creating missing directories. */
async function openParent(
  root: string,
  parts: string[],
  create?: (dir: FileHandle, name: string) => Promise<void>,
): Promise<FileHandle> {
  let dir = await open(root, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
  try {
    for (const part of parts.slice(0, -1)) {
      let next: FileHandle;
      try {
        next = await openAt(dir, part, O_RDONLY | O_DIRECTORY);
      } catch (error) {
        if (!create || (error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        await create(dir, part);
        next = await openAt(dir, part, O_RDONLY | O_DIRECTORY);
      }
      await dir.close();
      dir = next;
    }
    return dir;
  } catch (error) {
    await dir.close();
    throw error;
  }
}

export type Owner = { uid: number; gid: number };

/**
 * Writes the files into a fresh work directory (nothing of the learner's has run in it yet; the flags
 * refuse to overwrite or follow anything all the same). Files and directories get `owner` when given.
 */
export async function writeBoxFiles(root: string, files: BoxFile[], owner?: Owner): Promise<void> {
  for (const file of files) {
    const parts = boxPathParts(file.path);
    const dir = await openParent(root, parts, async (parent, name) => {
      const path = `/proc/self/fd/${parent.fd}/${name}`;
      await mkdir(path, { mode: 0o755 });
      if (owner) await chown(path, owner.uid, owner.gid);
    });
    try {
      const handle = await openAt(
        dir,
        parts[parts.length - 1],
        O_WRONLY | O_CREAT | O_EXCL,
        file.executable ? 0o755 : 0o644,
      );
      try {
        await handle.writeFile(file.content);
        if (owner) await handle.chown(owner.uid, owner.gid);
        await handle.chmod(file.executable ? 0o755 : 0o644);
      } finally {
        await handle.close();
      }
    } finally {
      await dir.close();
    }
  }
}

/**
 * Reads at most `maxBytes` of a file in the work directory. Gives '' when it is missing, is not a
 * regular file, is reached through a symlink, or lives on another file system than the work directory
 * (a hard link or bind trick).
 */
export async function readBoxFile(
  root: string,
  path: string,
  maxBytes: number,
): Promise<{ content: string; truncated: boolean }> {
  const none = { content: '', truncated: false };
  const parts = boxPathParts(path);
  let dir: FileHandle;
  try {
    dir = await openParent(root, parts);
  } catch {
    return none;
  }
  let file: FileHandle | undefined;
  try {
    const rootStat = await dir.stat();
    file = await openAt(dir, parts[parts.length - 1], O_RDONLY | O_NONBLOCK | O_NOCTTY);
    const stat = await file.stat();
    if (!stat.isFile() || stat.dev !== rootStat.dev) return none;
    const buffer = Buffer.alloc(Math.max(0, Math.min(maxBytes, stat.size)));
    let filled = 0;
    while (filled < buffer.length) {
      const { bytesRead } = await file.read(buffer, filled, buffer.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return { content: buffer.subarray(0, filled).toString('utf8'), truncated: stat.size > maxBytes };
  } catch {
    return none;
  } finally {
    await file?.close();
    await dir.close();
  }
}

/** Most files and directory levels `readBoxFiles` walks before it refuses. */
export const READ_MAX_FILES = 10_000;
export const READ_MAX_DEPTH = 32;

class Refused extends Error {}

/**
 * Reads files and whole directories out of a work directory (Box.readFiles): all of them or nothing.
 * Every component is opened relative to its parent's descriptor without following symlinks; a symlink,
 * anything neither a regular file nor a directory, a file with other hard links, an entry of another file
 * system, a missing path, more than `maxBytes` in total (or READ_MAX_FILES files, READ_MAX_DEPTH levels),
 * or a file that changes size while read refuses the read.
 */
export async function readBoxFiles(root: string, paths: string[], maxBytes: number): Promise<BoxReadResult> {
  const files: BoxFile[] = [];
  let total = 0;
  let rootDev: number;
  {
    const rootDir = await open(root, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
    try {
      rootDev = (await rootDir.stat()).dev;
    } finally {
      await rootDir.close();
    }
  }

  const readEntry = async (dir: FileHandle, name: string, path: string, depth: number): Promise<void> => {
    let handle: FileHandle;
    try {
      handle = await openAt(dir, name, O_RDONLY | O_NONBLOCK | O_NOCTTY);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new Refused(code === 'ELOOP' ? `${path} is a symlink` : `${path} cannot be opened (${code})`);
    }
    try {
      const stat = await handle.stat();
      if (stat.dev !== rootDev) throw new Refused(`${path} is on another file system`);
      if (stat.isDirectory()) {
        if (depth >= READ_MAX_DEPTH) throw new Refused(`${path} is nested too deeply`);
        const names = (await readdir(`/proc/self/fd/${handle.fd}`)).sort();
        for (const child of names) await readEntry(handle, child, `${path}/${child}`, depth + 1);
        return;
      }
      if (!stat.isFile()) throw new Refused(`${path} is not a regular file`);
      if (stat.nlink !== 1) throw new Refused(`${path} has other hard links`);
      if (files.length >= READ_MAX_FILES) throw new Refused(`more than ${READ_MAX_FILES} files`);
      total += stat.size;
      if (total > maxBytes) throw new Refused(`more than ${maxBytes} bytes`);
      // One byte more than the size stat gave shows a file still growing.
      const buffer = Buffer.alloc(stat.size + 1);
      let filled = 0;
      while (filled < buffer.length) {
        const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      if (filled !== stat.size) throw new Refused(`${path} changed while read`);
      files.push({
        path,
        content: buffer.subarray(0, filled),
        ...(stat.mode & 0o100 ? { executable: true } : {}),
      });
    } finally {
      await handle.close();
    }
  };

  try {
    for (const path of paths) {
      const parts = boxPathParts(path);
      let dir: FileHandle;
      try {
        dir = await openParent(root, parts);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        throw new Refused(`${path} cannot be reached (${code === 'ELOOP' ? 'a symlink' : code})`);
      }
      try {
        if ((await dir.stat()).dev !== rootDev) throw new Refused(`${path} is on another file system`);
        await readEntry(dir, parts[parts.length - 1], parts.join('/'), parts.length - 1);
      } finally {
        await dir.close();
      }
    }
  } catch (error) {
    if (error instanceof Refused) return { refused: error.message };
    throw error;
  }
  return { files };
}
