import { MongoClient, MongoServerError } from "mongodb"
const c = new MongoClient("mongodb://127.0.0.1:27100/", { serverSelectionTimeoutMS: 2000 })
await c.connect()
const db = c.db("exp" + Date.now())
const show = (label: string, e: unknown) => { const x = e as MongoServerError; console.log(label, x.constructor.name, x.code, x.codeName, x.message, JSON.stringify((x as any).writeErrors?.map?.((w: any)=>({i:w.index,c:w.code})) ?? null), (x as any).result?.insertedCount, (x as any).insertedCount) }
await db.createCollection("events")
try { await db.createCollection("events") } catch (e) { show("createColl twice", e) }
console.log(await db.collection("events").createIndex({ stream: 1, version: 1 }, { unique: true, name: "stream_version" }))
console.log(await db.collection("events").createIndex({ stream: 1, version: 1 }, { unique: true, name: "stream_version" }))
try { console.log(await db.collection("events").createIndex({ stream: 1, version: 1 }, { unique: true })) } catch (e) { show("idx other name", e) }
const ev = db.collection<{_id: string}>("events")
await ev.insertMany([{ _id: "s:1", stream: "s", version: 1 }, { _id: "s:3", stream: "s", version: 3 }])
try { await ev.insertMany([{ _id: "s:2", stream: "s", version: 2 }, { _id: "s:3", stream: "s", version: 3 }, { _id: "s:4", stream: "s", version: 4 }], { ordered: true }) } catch (e) { show("insertMany partial", e) }
console.log(await ev.find({}).toArray())
// upsert dup
const m = db.collection<{_id: string; version: number}>("messages")
await m.updateOne({ _id: "m1", version: { $lt: 3 } }, { $set: { version: 3, x: 1 } }, { upsert: true })
try { console.log(await m.updateOne({ _id: "m1", version: { $lt: 2 } }, { $set: { version: 2, x: 2 } }, { upsert: true })) } catch (e) { show("upsert older", e) }
console.log(await m.updateOne({ _id: "m1", version: { $lt: 4 } }, { $set: { version: 4, x: 4 } }, { upsert: true }))
console.log(await m.find({}).toArray())
console.log(await db.listCollections().toArray())
console.log(await db.collection("events").indexes())
await c.close()
