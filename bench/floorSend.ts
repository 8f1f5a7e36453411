/**
 * One send of the floors of bench/standaloneBurst.ts (bareLoopProcess.ts, durableLoopProcess.ts):
 * a fetch POST of a text to the fake gateway as Herald's lanes send one (same body, same headers),
 * read to the end.
 */
import { FAKE_WAHA_API_KEY } from "../tests/support/FakeWahaServer.ts"

export const floorSend = async (url: string, lane: number, text: string, session: string): Promise<void> => {
  const response = await fetch(`${url}/api/sendText`, {
    method: "POST",
    headers: { accept: "application/json", "X-Api-Key": FAKE_WAHA_API_KEY, "Content-Type": "application/json" },
    body: JSON.stringify({
      chatId: `g${lane}@g.us`,
      text,
      linkPreview: true,
      linkPreviewHighQuality: false,
      session
    })
  })
  await response.arrayBuffer()
}
