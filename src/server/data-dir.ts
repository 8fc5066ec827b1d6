// DATA_DIR must be a folder the server can write (the embedded database and the generated secret live there).
// Checked once at start, so a read-only, full or misnamed folder stops the start with a message that says so,
// instead of a stack trace from deep inside the database.
import { chmodSync, closeSync, fsyncSync, lstatSync, mkdirSync, openSync, readdirSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

/** Enough to notice a full disk before the database tries to write its files. */
const PROBE_BYTES = 256 * 1024;

export function describeDataDirError(dir: string, error: unknown): string | null {
  const code = (error as { code?: string }).code;
  switch (code) {
    case "EACCES":
    case "EPERM":
    case "EROFS":
      return `DATA_DIR: ${dir} is not writable (${code}). Give the server's user write access to it, or set DATA_DIR to another folder.`;
    case "ENOSPC":
    case "EDQUOT":
      return `DATA_DIR: no space left on the disk that holds ${dir} (${code}). Free some space, then start again.`;
    case "ENOTDIR":
    case "EEXIST":
      return `DATA_DIR: ${dir} exists but is not a folder (${code}). Remove or rename that file, or set DATA_DIR to a folder.`;
    default:
      return null;
  }
}

/** Creates DATA_DIR when missing and proves it takes a write; returns what is wrong with it, or null when all is well. */
export function dataDirProblem(dir: string): string | null {
  const probe = path.join(dir, `.write-check-${process.pid}`);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const fd = openSync(probe, "w", 0o600);
    try {
      writeSync(fd, Buffer.alloc(PROBE_BYTES));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    return null;
  } catch (error) {
    return describeDataDirError(dir, error) ?? `DATA_DIR: ${dir} cannot be used: ${(error as Error).message}`;
  } finally {
    try {
      rmSync(probe, { force: true });
    } catch {
      // DATA_DIR is not a folder: already reported
    }
  }
}

/**
 * Makes every entry under DATA_DIR its own user's alone: folders 0700, files 0600. The embedded database creates its
 * files 0666 whatever the umask, a template copy keeps the build's modes, and an older version left files readable;
 * a backup copied with `cp -a` carries whatever modes it finds. Symbolic links are left alone (never followed).
 */
export function secureDataDir(dir: string): void {
  const visit = (at: string) => {
    const stat = lstatSync(at, { throwIfNoEntry: false });
    if (!stat || stat.isSymbolicLink()) return;
    const wanted = stat.isDirectory() ? 0o700 : 0o600;
    if ((stat.mode & 0o7777) !== wanted) chmodSync(at, wanted);
    if (stat.isDirectory()) for (const name of readdirSync(at)) visit(path.join(at, name));
  };
  visit(dir);
}
