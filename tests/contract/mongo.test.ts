import { Effect, Layer } from "effect"
import { MongoClient } from "mongodb"
import { afterAll, describe, expect, it } from "vitest"
import { CampaignRepository, targetsOf } from "../../src/application/ports/CampaignRepository.ts"
import { MessageRepository } from "../../src/application/ports/MessageRepository.ts"
import { SessionRepository } from "../../src/application/ports/SessionRepository.ts"
import type { MongoDatabaseOptions } from "../../src/infrastructure/mongo/MongoDatabase.ts"
import { MongoDatabase } from "../../src/infrastructure/mongo/MongoDatabase.ts"
import { MongoStore } from "../../src/infrastructure/mongo/MongoStore.ts"
import type { RecordDocument } from "../../src/infrastructure/mongo/viewDocuments.ts"
import { dropTestDatabases, freshDatabaseUrl, MONGO_SKIP_REASON, mongoTestUrl } from "../support/mongo.ts"
import { closedPort } from "../support/net.ts"
import { describeApiKeyRepositoryContract } from "./ApiKeyRepository.contract.ts"
import { describeAuthSessionRepositoryContract } from "./AuthSessionRepository.contract.ts"
import { describeCampaignCountersContract } from "./CampaignCounters.contract.ts"
import { describeCampaignListingContract } from "./CampaignListing.contract.ts"
import { describeCampaignRepositoryContract } from "./CampaignRepository.contract.ts"
import { describeEventStoreContract } from "./EventStore.contract.ts"
import type { StoreHarness } from "./harness.ts"
import { describeIdempotencyStoreContract } from "./IdempotencyStore.contract.ts"
import { describeMediaStoreContract } from "./MediaStore.contract.ts"
import { describeMessageRepositoryContract } from "./MessageRepository.contract.ts"
import { describePasswordResetRepositoryContract } from "./PasswordResetRepository.contract.ts"
import { describePollResultsRepositoryContract } from "./PollResultsRepository.contract.ts"
import { describeProjectionCheckpointContract } from "./ProjectionCheckpoint.contract.ts"
import { describeSessionRepositoryContract } from "./SessionRepository.contract.ts"
import { describeStoreHealthContract } from "./StoreHealth.contract.ts"
import { describeUserRepositoryContract } from "./UserRepository.contract.ts"
import { describeWebhookRepositoryContract } from "./WebhookRepository.contract.ts"

const url = mongoTestUrl()
const unreachablePort = await closedPort()

/** FerretDB says who it is in buildInfo; it runs filtered updates as find-then-write. */
const isFerretDb = async (serverUrl: string): Promise<boolean> => {
  const mongoClient = new MongoClient(serverUrl, { serverSelectionTimeoutMS: 5_000 })
  try {
    return "ferretdbVersion" in (await mongoClient.db("admin").command({ buildInfo: 1 }))
  } finally {
    await mongoClient.close()
  }
}
const atomicUpdates = url === null ? false : !(await isFerretDb(url))

/** One client (its own MongoClient) of the database at `databaseUrl`. */
const client = (databaseUrl: string, options: Partial<MongoDatabaseOptions> = {}) =>
  MongoStore.layer.pipe(
    Layer.provide(MongoDatabase.layer({ url: databaseUrl, serverSelectionTimeoutMs: 5_000, ...options }))
  )

const mongo: StoreHarness = {
  freshDatabase: () => {
    const databaseUrl = freshDatabaseUrl("contract")
    return { connect: () => client(databaseUrl) }
  },
  atomicUpdates,
  unreachable: () =>
    client(`mongodb://herald:s3cret-Pa55@127.0.0.1:${unreachablePort}/herald`, { serverSelectionTimeoutMs: 300 })
}

describe.skipIf(url === null)(url === null ? `Mongo adapters: ${MONGO_SKIP_REASON}` : "Mongo adapters", () => {
  afterAll(dropTestDatabases)
  describeEventStoreContract("mongo", mongo)
  describeMessageRepositoryContract("mongo", mongo)
  describeCampaignRepositoryContract("mongo", mongo)
  describeCampaignCountersContract("mongo", mongo)
  describeCampaignListingContract("mongo", mongo)
  describeSessionRepositoryContract("mongo", mongo)
  describeUserRepositoryContract("mongo", mongo)
  describeAuthSessionRepositoryContract("mongo", mongo)
  describeApiKeyRepositoryContract("mongo", mongo)
  describeWebhookRepositoryContract("mongo", mongo)
  describePasswordResetRepositoryContract("mongo", mongo)
  describeIdempotencyStoreContract("mongo", mongo)
  describeStoreHealthContract("mongo", mongo)
  describeProjectionCheckpointContract("mongo", mongo)
  describeMediaStoreContract("mongo", mongo)
  describePollResultsRepositoryContract("mongo", mongo)

  it("reads message, session and campaign documents written before delivery receipts, session events, send again, mentions, polls, targets and claim ids: with none", async () => {
    const databaseUrl = freshDatabaseUrl("contract")
    const raw = new MongoClient(databaseUrl, { serverSelectionTimeoutMS: 5_000 })
    try {
      await raw.db().collection<RecordDocument>("messages").insertOne({
        _id: "m-old",
        campaignId: "c1",
        sessionId: "s-old",
        groupId: "g@g.us",
        groupName: "Family",
        content: "hi",
        scheduledAt: 10,
        status: "SENT",
        isSent: true,
        isPicked: true,
        isDeleted: false,
        pickedAt: 11,
        sentAt: 12,
        failureReason: null,
        version: 4
      })
      await raw
        .db()
        .collection<RecordDocument>("campaigns")
        .insertOne({
          _id: "c-old",
          userId: "u1",
          sessionId: "s-old",
          groupId: "g@g.us",
          groupName: "Family",
          title: "t",
          status: "SCHEDULED",
          failureReason: null,
          messageIds: ["m-old"],
          createdAt: 1,
          updatedAt: 2,
          version: 1
        })
      await raw.db().collection<RecordDocument>("sessions").insertOne({
        _id: "s-old",
        userId: "u1",
        sessionName: "alice",
        phoneNumber: "",
        active: true,
        createdAt: 1,
        updatedAt: 2,
        version: 1
      })
    } finally {
      await raw.close()
    }
    const read = Effect.gen(function* () {
      return {
        message: yield* MessageRepository.use((r) => r.get("m-old")),
        session: yield* SessionRepository.use((r) => r.get("s-old")),
        campaign: yield* CampaignRepository.use((r) => r.get("c-old")),
        groups: yield* CampaignRepository.use((r) => r.groupsBySession("s-old"))
      }
    })
    const { message, session, campaign, groups } = await Effect.runPromise(
      read.pipe(Effect.provide(client(databaseUrl)))
    )
    expect(message).toMatchObject({
      id: "m-old",
      status: "SENT",
      gatewayMessageKey: null,
      deliveredAt: null,
      readAt: null,
      deliveredCount: 0,
      readCount: 0,
      resendOf: null,
      mentionAll: false,
      poll: null,
      claimGatewayId: null,
      version: 4
    })
    expect(session).toMatchObject({
      id: "s-old",
      active: true,
      gatewayStatus: null,
      gatewayStatusAt: null,
      // stored before pacing: not paced
      minGapSeconds: 0,
      jitterSeconds: 0
    })
    // stored before campaigns had several groups: its one group
    expect(campaign).toMatchObject({ id: "c-old", targets: null, counters: null })
    expect(campaign === null ? null : targetsOf(campaign)).toEqual([{ groupId: "g@g.us", groupName: "Family" }])
    expect(groups).toEqual([{ groupId: "g@g.us", groupName: "Family" }])
  })
})
