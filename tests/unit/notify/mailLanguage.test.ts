import { describe, expect, it } from "vitest"
import type { Notification } from "../../../src/application/ports/Notifier.ts"
import { composeMail } from "../../../src/infrastructure/notify/MailNotifier.ts"

// A mail to an account's owner is written in the language they chose, else their locale's, else
// English (src/infrastructure/notify/mailWords.ts), with its dates in that language and their zone.

const AT = Date.parse("2026-11-26T14:00:00.000Z")

const stopped = (reader: Extract<Notification, { kind: "SessionLeftWorking" }>["reader"]) =>
  composeMail(
    {
      kind: "SessionLeftWorking",
      to: "owner@example.org",
      reader,
      sessionName: "herald_u1",
      status: "STOPPED",
      at: AT,
      pageLink: "https://herald.example.org/whatsapp",
      dueSoon: [{ groupName: "Chor", content: "Probe um 8", scheduledAt: AT + 3_600_000 }]
    },
    "admin@example.org",
    {},
    AT
  )

describe("the language of a mail to an account's owner", () => {
  it("is German for an account whose owner chose German, with German dates in their zone", () => {
    const mail = stopped({ timeZone: "Europe/Berlin", locale: null, language: "de" })
    expect(mail.subject).toBe("[Herald] WhatsApp sendet deine Nachrichten nicht mehr: die Verbindung ist gestoppt")
    expect(mail.text.split("\n")).toEqual([
      "Deine WhatsApp-Verbindung in Herald funktioniert seit Donnerstag, 26. November, 15:00 (Mitteleuropäische Zeit) nicht mehr:",
      "die Verbindung zu WhatsApp ist gestoppt. Bis sie wieder funktioniert, kann keine geplante Nachricht darüber gesendet werden.",
      "",
      "Fällig in den nächsten 24 Stunden (1):",
      "- Donnerstag, 26. November, 16:00 (Mitteleuropäische Zeit) an Chor: Probe um 8",
      "",
      "Was zu tun ist: Öffne die WhatsApp-Seite in Herald und drück auf Neu starten. Mach das, bevor die Nachrichten oben fällig sind, sonst schlagen sie fehl.",
      "https://herald.example.org/whatsapp",
      "",
      "Details:",
      "Das Gateway meldet die Sitzung herald_u1 als STOPPED."
    ])
  })

  it("is Spanish for an owner who chose no language and reads es-MX, with their 12-hour clock", () => {
    const mail = stopped({ timeZone: "America/Mexico_City", locale: "es-MX", language: null })
    expect(mail.subject).toBe("[Herald] WhatsApp dejó de enviar tus mensajes: la conexión se detuvo")
    expect(mail.text.split("\n").slice(0, 5)).toEqual([
      "Tu conexión de WhatsApp en Herald dejó de funcionar el jueves, 26 de noviembre, 8:00 a.m. (hora de Ciudad de México):",
      "la conexión con WhatsApp se detuvo. Hasta que vuelva a funcionar, no se puede enviar por ella ningún mensaje programado.",
      "",
      "Programados para las próximas 24 horas (1):",
      "- jueves, 26 de noviembre, 9:00 a.m. (hora de Ciudad de México) a Chor: Probe um 8"
    ])
  })

  it("follows the owner's choice over their locale, and reads English when neither is known", () => {
    expect(stopped({ timeZone: "America/Sao_Paulo", locale: "de-DE", language: "pt-BR" }).subject).toBe(
      "[Herald] O WhatsApp parou de enviar suas mensagens: a conexão parou"
    )
    expect(stopped({ timeZone: null, locale: null }).subject).toBe(
      "[Herald] WhatsApp stopped sending your messages: the connection stopped"
    )
  })

  it("counts in the reader's language: one German message due while the number is held, and a Brazilian reset link", () => {
    const limited = composeMail(
      {
        kind: "SessionLimited",
        to: "owner@example.org",
        reader: { timeZone: "Europe/Berlin", locale: "de-DE" },
        sessionName: "herald_u1",
        since: AT,
        until: AT + 7_200_000,
        untilKnown: true,
        dueWhileHeld: 1,
        pageLink: "https://herald.example.org/whatsapp"
      },
      "admin@example.org",
      {},
      AT
    )
    expect(limited.text).toContain(
      "Herald hält deine Nachrichten bis Donnerstag, 26. November, 17:00 (Mitteleuropäische Zeit) zurück,"
    )
    expect(limited.text).toContain("1 Nachricht ist bis dahin fällig:")
    const reset = composeMail(
      {
        kind: "PasswordResetLink",
        to: "owner@example.org",
        reader: { timeZone: "America/Sao_Paulo", locale: "pt-BR" },
        link: "https://herald.example.org/reset-password?token=t",
        expiresAt: AT + 3_600_000
      },
      "admin@example.org",
      {},
      AT
    )
    expect(reset.subject).toBe("[Herald] Redefina sua senha")
    expect(reset.text).toContain(
      "O link funciona uma única vez, até quinta-feira, 26 de novembro, 12:00 (Horário Padrão de Brasília)."
    )
  })

  it("tells an owner who reads es-ES that their account is approved, in Spanish, and a German owner of someone's sign-up attempt", () => {
    const approved = composeMail(
      {
        kind: "AccountApproved",
        to: "zoe@example.org",
        reader: { timeZone: "Europe/Madrid", locale: "es-ES", language: null },
        name: "Zoë",
        again: false,
        signInLink: "https://herald.example.org/sign-in"
      },
      "admin@example.org"
    )
    expect(approved.subject).toBe("[Herald] Tu cuenta está aprobada")
    expect(approved.text.split("\n")).toEqual([
      "Hola, Zoë:",
      "",
      "La persona que administra Herald aprobó tu cuenta: ya puedes iniciar sesión y programar mensajes.",
      "",
      "Inicia sesión aquí:",
      "https://herald.example.org/sign-in"
    ])
    const attempted = composeMail(
      { kind: "SignUpAttempted", to: "jan@example.org", reader: { timeZone: null, locale: "en-US", language: "de" } },
      "admin@example.org"
    )
    expect(attempted.subject).toBe("[Herald] Jemand wollte sich mit deiner Adresse registrieren")
  })
})
