import { chmodSync, closeSync, fchmodSync, mkdirSync, openSync, statSync, writeFileSync } from "node:fs"
import { open } from "node:fs/promises"
import { dirname } from "node:path"

/**
 * What Herald keeps on disk (password hashes in the SQLite log, reset links in mail files, the
 * AUTH_SECRET, the sandbox's sends) is for the account that runs it only: folders 0700, files 0600,
 * whatever the umask and whatever mode a folder or file already had. A mode given to mkdir or open
 * only applies to what they create (and the umask may narrow it), so each helper also chmods.
 * node:fs, so the same code runs on Deno.
 */
export const OWNER_ONLY_FOLDER = 0o700
export const OWNER_ONLY_FILE = 0o600

const hasCode = (error: unknown, code: string): boolean =>
  error instanceof Error && "code" in error && error.code === code
const isMissing = (error: unknown): boolean => hasCode(error, "ENOENT")

/**
 * `mkdir -p`, one level at a time, each level it creates 0700; folders that exist are left as they
 * are. Not `mkdirSync(…, { recursive: true })`: on Node 24 that loops forever under a parent that
 * exists but cannot hold folders (a path in /proc, a dangling symlink), where this fails at once
 * with the parent's error.
 */
export const makeMissingFolders = (folder: string): void => {
  const missing: Array<string> = []
  let current = folder
  for (;;) {
    try {
      if (!statSync(current).isDirectory()) throw new Error(`${current} exists and is not a folder`)
      break
    } catch (error) {
      if (!isMissing(error)) throw error
      const parent = dirname(current)
      if (parent === current) break
      missing.unshift(current)
      current = parent
    }
  }
  for (const level of missing) {
    try {
      mkdirSync(level, { mode: OWNER_ONLY_FOLDER })
    } catch (error) {
      // created meanwhile by another process starting at the same time
      if (!hasCode(error, "EEXIST") || !statSync(level).isDirectory()) throw error
    }
  }
}

/** Makes the folder (and any missing parent) and sets it to 0700, whatever it was. */
export const makeOwnerOnlyFolder = (dir: string): void => {
  makeMissingFolders(dir)
  chmodSync(dir, OWNER_ONLY_FOLDER)
}

/** Sets a file that exists to 0600 (one an earlier version left readable); nothing when it is absent. */
export const restrictToOwner = (path: string): void => {
  try {
    chmodSync(path, OWNER_ONLY_FILE)
  } catch (error) {
    if (!isMissing(error)) throw error
  }
}

/** How the file is opened: "w" replaces it, "a" appends to it, "wx" creates it (failing with EEXIST). */
export type WriteFlag = "w" | "a" | "wx"

/** Writes `data` to a file that is 0600 before a byte of it is written (created, or existing at any mode). */
export const writeOwnerOnlyFile = (path: string, data: string | Uint8Array, flag: WriteFlag): void => {
  const fd = openSync(path, flag, OWNER_ONLY_FILE)
  try {
    fchmodSync(fd, OWNER_ONLY_FILE)
    writeFileSync(fd, data)
  } finally {
    closeSync(fd)
  }
}

/** writeOwnerOnlyFile without blocking. */
export const writeOwnerOnlyFileAsync = async (
  path: string,
  data: string | Uint8Array,
  flag: WriteFlag
): Promise<void> => {
  const file = await open(path, flag, OWNER_ONLY_FILE)
  try {
    await file.chmod(OWNER_ONLY_FILE)
    await file.writeFile(data)
  } finally {
    await file.close()
  }
}

/**
 * Makes an empty file 0600 if it is absent, else sets it to 0600 by its path. An existing file is
 * never opened: closing any descriptor of a file drops every POSIX lock this process holds on it,
 * SQLite's included (another connection of this process may have it open).
 */
export const ensureOwnerOnlyFile = (path: string): void => {
  try {
    writeOwnerOnlyFile(path, "", "wx")
  } catch (error) {
    if (!hasCode(error, "EEXIST")) throw error
    chmodSync(path, OWNER_ONLY_FILE)
  }
}
