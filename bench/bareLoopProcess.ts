/**
 * The floor of bench/standaloneBurst.ts, run as a fresh Node process as the standalone process is:
 * `node bench/bareLoopProcess.ts <gatewayUrl> <lanes> <perLane> <startAt>` waits until startAt
 * (epoch ms), then runs `lanes` loops at once, each sending `perLane` texts one after the other
 * with fetch, as Herald's lanes do (floorSend.ts), prints the CPU time (ms) that took and exits.
 * The fake gateway it sends to records when each send arrived.
 */
import { floorSend } from "./floorSend.ts"

const [url, lanesArg, perLaneArg, startAtArg] = process.argv.slice(2)
if (url === undefined || lanesArg === undefined || perLaneArg === undefined || startAtArg === undefined) {
  console.error("usage: node bench/bareLoopProcess.ts <gatewayUrl> <lanes> <perLane> <startAt>")
  process.exit(2)
}
const lanes = Number(lanesArg)
const perLane = Number(perLaneArg)
const startAt = Number(startAtArg)

await new Promise((resolve) => setTimeout(resolve, Math.max(0, startAt - Date.now())))
const cpu = process.cpuUsage()
await Promise.all(
  Array.from({ length: lanes }, async (_, lane) => {
    for (let i = 0; i < perLane; i++) {
      await floorSend(url, lane, `bare-s${lane}m${i}`, `bare-${lane}`)
    }
  })
)
const used = process.cpuUsage(cpu)
// the CPU time (ms) the sends took, for the bench to compare
console.log(((used.user + used.system) / 1000).toFixed(0))
