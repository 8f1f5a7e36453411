import { describe, expect, it } from "vitest"
import { parseDatabaseUrl } from "../../../src/infrastructure/mongo/DatabaseUrl.ts"
import { redactDatabaseUrl } from "../../support/redactDatabaseUrl.ts"

const PASSWORD = "Sup3r-Secr3t"
const USER = "heraldAdmin"

const problemsOf = (raw: string): ReadonlyArray<string> => {
  const result = parseDatabaseUrl(raw)
  if (result.ok) throw new Error(`expected ${redactDatabaseUrl(raw)} to be rejected`)
  return result.problems
}

describe("parseDatabaseUrl: accepted", () => {
  it.each([
    ["mongodb://localhost:27017/herald", "herald", "mongodb://localhost:27017/herald"],
    ["mongodb://127.0.0.1/herald", "herald", "mongodb://127.0.0.1/herald"],
    [
      `mongodb://${USER}:${PASSWORD}@db.example.com:27017/herald`,
      "herald",
      "mongodb://***@db.example.com:27017/herald"
    ],
    [
      `mongodb+srv://${USER}:${PASSWORD}@cluster0.abcde.mongodb.net/herald_prod?retryWrites=true&w=majority`,
      "herald_prod",
      "mongodb+srv://***@cluster0.abcde.mongodb.net/herald_prod?retryWrites=true&w=majority"
    ],
    [
      "mongodb://u:p%40ss%3Aw%2Frd%3F%23%25@h1:27017,h2:27018/db-1?replicaSet=rs0",
      "db-1",
      "mongodb://***@h1:27017,h2:27018/db-1?replicaSet=rs0"
    ],
    ["mongodb://user%40corp.com:pw@[::1]:27017/herald", "herald", "mongodb://***@[::1]:27017/herald"],
    ["  mongodb://localhost/herald\n", "herald", "mongodb://localhost/herald"],
    [
      "mongodb://localhost/herald?tlsCertificateKeyFilePassword=abc&tls=true",
      "herald",
      "mongodb://localhost/herald?tlsCertificateKeyFilePassword=***&tls=true"
    ]
  ])("%s", (raw, database, redacted) => {
    const result = parseDatabaseUrl(raw)
    expect(result).toEqual({ ok: true, url: raw.trim(), database, redacted })
  })

  it("the redacted form never carries the credentials", () => {
    const result = parseDatabaseUrl(`mongodb://${USER}:${PASSWORD}@localhost/herald`)
    expect(result.ok && result.redacted).toBe("mongodb://***@localhost/herald")
  })
})

describe("parseDatabaseUrl: rejected, with a message that says how to fix it", () => {
  it.each([
    [
      "an unencoded '@' in the password",
      `mongodb://${USER}:p@ss${PASSWORD}@localhost/herald`,
      /password contains '@': URL-encode it as %40/
    ],
    [
      "an unencoded ':' in the password",
      `mongodb://${USER}:pa:ss${PASSWORD}@localhost/herald`,
      /password contains ':': URL-encode it as %3A/
    ],
    [
      "an unencoded '/' in the password",
      `mongodb://${USER}:pa/ss${PASSWORD}@localhost/herald`,
      /password contains '\/': URL-encode it as %2F/
    ],
    [
      "an unencoded '?' in the password",
      `mongodb://${USER}:pa?ss${PASSWORD}@localhost/herald`,
      /password contains '\?': URL-encode it as %3F/
    ],
    [
      "an unencoded '#' in the password",
      `mongodb://${USER}:pa#ss${PASSWORD}@localhost/herald`,
      /password contains '#': URL-encode it as %23/
    ],
    [
      "a space in the password",
      `mongodb://${USER}:pa ss${PASSWORD}@localhost/herald`,
      /password contains a space: URL-encode it as %20/
    ],
    ["a bare '%' in the password", `mongodb://${USER}:100%${PASSWORD}@localhost/herald`, /literal '%' as %25/],
    ["a '%' followed by one hex digit", `mongodb://${USER}:${PASSWORD}%4@localhost/herald`, /literal '%' as %25/],
    [
      "an unencoded '@' in the user name",
      `mongodb://me@corp.com:${PASSWORD}@localhost/herald`,
      /user name contains '@': URL-encode it as %40/
    ],
    ["a user without a password", `mongodb://${USER}@localhost/herald`, /password is missing/],
    ["a password without a user", `mongodb://:${PASSWORD}@localhost/herald`, /user name before ':' is empty/],
    ["no database", `mongodb://${USER}:${PASSWORD}@localhost:27017`, /names no database/],
    ["an empty database", `mongodb://${USER}:${PASSWORD}@localhost:27017/`, /names no database/],
    ["an empty database before options", `mongodb://localhost:27017/?replicaSet=rs0`, /names no database/],
    ["a database name with a dot", `mongodb://localhost/her.ald`, /database name may not contain/],
    ["a database name with a space", `mongodb://localhost/her%20ald`, /database name may not contain/],
    ["a database name with '$'", `mongodb://localhost/her$ald`, /database name may not contain/],
    ["a database name too long", `mongodb://localhost/${"d".repeat(64)}`, /longer than 63 bytes/],
    [
      "another scheme",
      `postgres://${USER}:${PASSWORD}@localhost/herald`,
      /must start with mongodb:\/\/ or mongodb\+srv:\/\//
    ],
    ["no scheme", `localhost:27017/herald`, /must start with mongodb:\/\//],
    ["no host", `mongodb://${USER}:${PASSWORD}@/herald`, /names no host/],
    [
      "an srv URL with a port",
      `mongodb+srv://${USER}:${PASSWORD}@cluster0.example.net:27017/herald`,
      /one host name and no port/
    ],
    ["a forgotten '@'", `mongodb://${USER}:${PASSWORD}/localhost/herald`, /host part is not a host name/],
    ["empty", "   ", /is empty/]
  ])("%s", (_, raw, expected) => {
    const problems = problemsOf(raw)
    expect(problems.join("\n")).toMatch(expected)
    for (const problem of problems) {
      expect(problem).not.toContain(PASSWORD)
      expect(problem).not.toContain(USER)
      expect(problem).not.toContain("p@ss")
    }
  })

  it("lists every problem at once", () => {
    const problems = problemsOf(`mongodb://${USER}:pa@ss:w/rd${PASSWORD}@localhost`)
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/'@'.*%40/),
        expect.stringMatching(/':'.*%3A/),
        expect.stringMatching(/'\/'.*%2F/),
        expect.stringMatching(/no database/)
      ])
    )
  })

  it("no message ever contains the password or the user, whatever the mistake", () => {
    const mistakes = ["@", ":", "/", "?", "#", " ", "%", "%zz", "%E0%A4%A", "\t", "[", "]", "@@", "/x@y:z"]
    for (const mistake of mistakes) {
      for (const template of [
        `mongodb://${USER}:${PASSWORD}${mistake}@localhost/herald`,
        `mongodb://${USER}:${mistake}${PASSWORD}@localhost/herald`,
        `mongodb://${USER}${mistake}:${PASSWORD}@localhost/herald`,
        `mongodb://${USER}:${PASSWORD}${mistake}localhost/herald`,
        `mongodb+srv://${USER}:${PASSWORD}${mistake}@cluster.example.net`,
        `mongodb://${USER}:${PASSWORD}`
      ]) {
        const result = parseDatabaseUrl(template)
        const text = result.ok ? result.redacted : result.problems.join("\n")
        expect(text, template).not.toContain(PASSWORD)
        expect(text, template).not.toContain(USER)
      }
    }
  })

  it("redactDatabaseUrl masks the credentials of a URL that does not even parse", () => {
    expect(redactDatabaseUrl(`mongodb://${USER}:p@ss${PASSWORD}@localhost/herald`)).toBe(
      "mongodb://***@localhost/herald"
    )
    expect(redactDatabaseUrl("mongodb://localhost/herald")).toBe("mongodb://localhost/herald")
  })
})
