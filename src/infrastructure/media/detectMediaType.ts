import { fileTypeFromBuffer } from "file-type"

/**
 * The type of an upload from its bytes (magic numbers, and for Office and OpenDocument files the
 * entries of their zip), never from its name or the browser's word: the `file-type` package,
 * which runs on Node and Deno. Null when the bytes say nothing it knows.
 */
export const detectMediaType = async (bytes: Uint8Array): Promise<string | null> =>
  (await fileTypeFromBuffer(bytes))?.mime ?? null
