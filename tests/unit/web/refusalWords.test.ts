import { describe, expect, it } from "vitest"
import { TooManySignInAttempts, UserStatusConflict } from "../../../src/application/auth/AuthErrors.ts"
import { InvalidCampaign } from "../../../src/application/campaign/CampaignErrors.ts"
import { gatewayRefusal } from "../../../src/application/campaign/gatewayRefusal.ts"
import { errorReaderOf, refusalSentence, sentence } from "../../../src/interfaces/web/refusalWords.ts"

// The server's refusals as a reader of the browser app reads them (refusalWords.ts): a time in the
// campaign's zone on the reader's clock, counts with their plural, names isolated, and English
// (the error's own message) for a caller that did not ask.

const pastNine = new InvalidCampaign({
  message: "Tuesday 24 November, 21:00 Berlin time has already passed.",
  code: "pastTime",
  // 20:00 UTC is 21:00 in Berlin in November
  params: { scheduledAt: Date.UTC(2026, 10, 24, 20), timeZone: "Europe/Berlin" }
})

describe("refusalSentence", () => {
  it("words a past time of a Berlin campaign in German on a 24-hour clock, named by its place", () => {
    const german = errorReaderOf("de-DE")
    expect(german).toEqual({ language: "de", locale: "de-DE" })
    expect(german && refusalSentence(german, pastNine)).toBe(
      "Dienstag, 24. November, 21:00 (Zeit in Berlin) ist schon vorbei."
    )
  })

  it("words the same time on a Mexican reader's 12-hour clock, a date opening the sentence capitalised", () => {
    const mexican = errorReaderOf("es-MX")
    expect(mexican?.language).toBe("es")
    expect(mexican && refusalSentence(mexican, pastNine)).toMatch(
      /^Martes, 24 de noviembre, 9:00\sp\.\s?m\. \(hora de Berlin\) ya pasó\.$/
    )
  })

  it("chooses the plural form of the reader's language", () => {
    const portuguese = errorReaderOf("pt-BR")
    if (portuguese === null) throw new Error("pt-BR is a locale")
    expect(refusalSentence(portuguese, new TooManySignInAttempts({ retryAfterMs: 30_000 }))).toBe(
      "Muitas tentativas de entrar sem sucesso. Tente de novo em 1 minuto."
    )
    expect(refusalSentence(portuguese, new TooManySignInAttempts({ retryAfterMs: 4 * 60_000, tries: "signUps" }))).toBe(
      "Muitos cadastros. Tente de novo em 4 minutos."
    )
  })

  it("words an account's state so it reads inside the sentence in each language", () => {
    const pending = new UserStatusConflict({ userId: "u", status: "PENDING", action: "disable" })
    expect(refusalSentence({ language: "de", locale: "de" }, pending)).toBe(
      "Dieses Konto lässt sich nicht deaktivieren: Es ist jetzt noch nicht freigegeben. Lade die Liste neu."
    )
    expect(refusalSentence({ language: "es", locale: "es" }, pending)).toBe(
      "Esta cuenta no se puede desactivar: ahora está esperando aprobación. Vuelve a cargar la lista."
    )
    expect(refusalSentence({ language: "pt-BR", locale: "pt-BR" }, pending)).toBe(
      "Esta conta não pode ser desativada: agora ela está aguardando aprovação. Recarregue a lista."
    )
  })

  it("isolates a name, so an Arabic channel name keeps its place in a German sentence", () => {
    const refusal = new InvalidCampaign({ message: "m", code: "channelNotListed", params: { name: "نادي الكتاب" } })
    expect(refusalSentence({ language: "de", locale: "de" }, refusal)).toBe(
      "\u2068نادي الكتاب\u2069 gehört nicht zu den WhatsApp-Kanälen, die diese Nummer besitzt oder verwaltet: Wähl den Kanal noch einmal aus der Liste."
    )
  })

  it("words a copy's message refused for the original's reason, that reason inside", () => {
    const refusal = new InvalidCampaign({
      message: "message 2 of the copy: a poll's options must differ",
      code: "copyMessage",
      params: { reasonCode: "pollOptionTwice", option: "Pizza", copyPosition: 2 }
    })
    expect(refusalSentence({ language: "es", locale: "es" }, refusal)).toBe(
      "Mensaje 2 de la copia: Las opciones tienen que ser distintas: \u2068Pizza\u2069 está dos veces."
    )
  })

  it("words a refusal only with every value it names: a value left out gives the English message", () => {
    const refusal = new InvalidCampaign({ message: "m", code: "tooManyMessages", params: { max: 1000 } })
    expect(refusalSentence({ language: "de", locale: "de" }, refusal)).toBeNull()
  })

  it("capitalises the outermost sentence only: a copy's reason after its colon opens as written", () => {
    const refusal = new InvalidCampaign({
      message: "m",
      code: "copyMessage",
      params: { reasonCode: "pastTime", scheduledAt: Date.UTC(2026, 0, 5, 9), timeZone: "UTC", copyPosition: 3 }
    })
    expect(refusalSentence({ language: "es", locale: "es" }, refusal)).toMatch(
      /^Mensaje 3 de la copia: lunes, 5 de enero/
    )
  })

  it("names a connection's state in the WhatsApp page's words, never the gateway's raw status", () => {
    const german = { language: "de", locale: "de" } as const
    expect(sentence(german, "GatewayError.SessionNotReadyStatus", { sessionStatus: "SCAN_QR_CODE" })).toBe(
      "Das WhatsApp-Gateway hat abgelehnt: Die WhatsApp-Verbindung wartet darauf, dass ihr QR-Code gescannt wird. Öffne die WhatsApp-Seite, um zu sehen, was sie braucht."
    )
    expect(sentence(german, "GatewayError.SessionNotReadyStatus", { sessionStatus: "NEW_STATE" })).not.toContain(
      "NEW_STATE"
    )
  })

  it("words a gateway that names no engine without a placeholder, and media's Plus and text-instead", () => {
    const english = { language: "en", locale: "en" } as const
    const unnamed = gatewayRefusal("status", { engine: "", version: "2026.1.1", tier: "CORE" }, undefined)
    const unnamedText = refusalSentence(english, { _tag: "InvalidCampaign", ...unnamed })
    expect(unnamedText).toMatch(/^Posting a Status: this WhatsApp connection's engine does not say which it is/)
    const media = gatewayRefusal("media", { engine: "GOWS", version: "2025.12.1", tier: "CORE" }, [2026, 6, 1])
    expect(refusalSentence(english, { _tag: "InvalidCampaign", ...media })).toBe(
      "Images and files: the messaging gateway (WAHA 2025.12.1) offers it from WAHA 2026.6.1 on, or in WAHA Plus. Send a text instead, or ask your administrator to upgrade."
    )
  })

  it("has no words for a tag without a code: its English message answers", () => {
    expect(refusalSentence({ language: "de", locale: "de" }, { _tag: "InvalidCampaign", message: "m" })).toBeNull()
  })

  it("reads no reader from a missing or malformed header", () => {
    expect(errorReaderOf(null)).toBeNull()
    expect(errorReaderOf("")).toBeNull()
    expect(errorReaderOf("not a locale!")).toBeNull()
    // English, asked or not, is the errors' own message
    expect(errorReaderOf("en-US")).toBeNull()
    expect(errorReaderOf("fr-FR")).toBeNull()
    expect(refusalSentence({ language: "en", locale: "en-US" }, pastNine)).toBe(
      "Tuesday, November 24, 9:00 PM (Berlin time) has already passed."
    )
  })
})
