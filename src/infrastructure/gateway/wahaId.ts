import { z } from "zod"

/**
 * An id as WAHA answers it (a chat, a group, a message): WEBJS serializes ids as
 * `{server, user, _serialized}`, the other engines send the string. Read as the string.
 */
export const WahaId = z.union([z.string(), z.object({ _serialized: z.string() }).transform((id) => id._serialized)])
