import { describe, expect, it } from "vitest"
import type { Reader } from "../../../src/application/ports/Notifier.ts"
import { composeMail } from "../../../src/infrastructure/notify/MailNotifier.ts"
import { messagingText } from "../../../src/infrastructure/notify/MessagingNotifier.ts"

// The admin's mails and phone texts in the admin's language and zone (the ADMIN_EMAIL account's,
// AdminNotifier), English and UTC without one: exact texts per language, the zone's name in that
// language and the clock of its locale.

const NOW = Date.parse("2026-11-26T12:00:00.000Z")
const DUE = Date.parse("2026-11-26T09:01:00.000Z")
const stalled = { kind: "SchedulerStalled" as const, messageId: "msg_1", scheduledAt: DUE }
const registration = {
  kind: "NewRegistration" as const,
  name: "Ada",
  email: "ada@example.org",
  pending: true,
  adminLink: "https://herald.example.org/admin"
}
const failed = {
  kind: "CampaignFailed" as const,
  campaignId: "cmp_1",
  title: "Club news",
  reason: "group Club B: missed"
}

/** German chosen, an en-US browser: German words on a 24-hour clock, the zone named in German */
const GERMAN: Reader = { timeZone: "Europe/Berlin", locale: "en-US", language: "de" }
const MEXICAN: Reader = { timeZone: "America/Mexico_City", locale: "es-MX" }
const BRAZILIAN: Reader = { timeZone: "America/Sao_Paulo", locale: "pt-BR" }

const mail = (n: Parameters<typeof composeMail>[0], adminReader?: Reader, messagingFailure?: string) =>
  composeMail(
    n,
    "admin@example.org",
    {
      ...(adminReader === undefined ? {} : { adminReader }),
      ...(messagingFailure === undefined ? {} : { messagingFailure })
    },
    NOW
  )

describe("the stalled-scheduler mail", () => {
  it("in English and UTC for an admin with no account, the instant no longer ISO", () => {
    const m = mail(stalled, undefined, "the admin account has no active messaging session")
    expect(m.subject).toBe("[Herald] No scheduler is sending messages")
    expect(m.text.split("\n")).toEqual([
      "No scheduler seems to be running, so scheduled messages are not being sent.",
      "A message was due on Thursday, November 26, 9:01 AM (UTC) and nothing has picked it up to send it.",
      "",
      "What to do: start the scheduler (node src/interfaces/scheduler/main.ts), or check that it can reach the database.",
      "Messages that were due while it was stopped are not sent late: their campaigns show them as missed, and their owners can send them again.",
      "",
      "Details:",
      "Message msg_1.",
      "",
      "--",
      "The messaging notification failed: the admin account has no active messaging session",
      "This e-mail is sent instead."
    ])
    expect(m.text).not.toMatch(/\d{4}-\d\d-\d\dT/)
  })

  it("in German, Berlin's time on a 24-hour clock although the admin's browser is en-US", () => {
    const m = mail(stalled, GERMAN, "no session")
    expect(m.subject).toBe("[Herald] Kein Planer sendet Nachrichten")
    expect(m.text.split("\n")).toEqual([
      "Anscheinend läuft kein Planer, deshalb werden geplante Nachrichten gerade nicht gesendet.",
      "Eine Nachricht war für Donnerstag, 26. November, 10:01 (Mitteleuropäische Zeit) fällig, und nichts hat sie zum Senden abgeholt.",
      "",
      "Was zu tun ist: Starte den Planer (node src/interfaces/scheduler/main.ts) oder prüf, ob er die Datenbank erreicht.",
      "Nachrichten, die fällig waren, während er stand, werden nicht verspätet gesendet: Ihre Kampagnen zeigen sie als verpasst, und wer sie geplant hat, kann sie noch einmal senden.",
      "",
      "Details:",
      "Nachricht msg_1.",
      "",
      "--",
      "Die Benachrichtigung per WhatsApp ist fehlgeschlagen: no session",
      "Deshalb kommt stattdessen diese E-Mail."
    ])
  })

  it("in Spanish on es-MX's 12-hour clock, and in Brazilian Portuguese, each zone named in its language", () => {
    expect(mail(stalled, MEXICAN).text.split("\n")[1]).toBe(
      "Había un mensaje para el jueves, 26 de noviembre, 3:01 a.m. (hora de Ciudad de México) y nada lo ha recogido para enviarlo."
    )
    expect(mail(stalled, BRAZILIAN).text.split("\n")[1]).toBe(
      "Uma mensagem estava marcada para quinta-feira, 26 de novembro, 6:01 (Horário Padrão de Brasília) e nada a pegou para enviar."
    )
  })

  it("by phone in the admin's language too", () => {
    expect(messagingText(stalled, GERMAN, NOW)).toBe(
      [
        "*Herald*: kein Planer sendet Nachrichten",
        "Eine Nachricht war für Donnerstag, 26. November, 10:01 (Mitteleuropäische Zeit) fällig, und nichts hat sie zum Senden abgeholt.",
        "Was zu tun ist: Starte den Planer (node src/interfaces/scheduler/main.ts) oder prüf, ob er die Datenbank erreicht."
      ].join("\n")
    )
  })
})

describe("the admin's other mails in their language", () => {
  it("a new registration, in German, Spanish and Brazilian Portuguese", () => {
    const german = mail(registration, GERMAN)
    expect(german.subject).toBe("[Herald] Neue Registrierung: Ada <ada@example.org> (wartet auf deine Freigabe)")
    expect(german.text.split("\n")).toEqual([
      "Jemand hat ein neues Konto angelegt.",
      "",
      "Name: Ada",
      "E-Mail: ada@example.org",
      "Status: wartet auf deine Freigabe. Gib es auf der Seite Konten frei oder lehne es ab; bis dahin kann es den Dienst nicht nutzen.",
      "",
      "Seite Konten:",
      "https://herald.example.org/admin"
    ])
    expect(mail({ ...registration, pending: false }, MEXICAN).text.split("\n")).toEqual([
      "Alguien creó una cuenta nueva.",
      "",
      "Nombre: Ada",
      "Correo: ada@example.org",
      "Estado: activa (no hace falta aprobarla). Puedes desactivarla en la página Cuentas.",
      "",
      "Página Cuentas:",
      "https://herald.example.org/admin"
    ])
    expect(mail(registration, BRAZILIAN).subject).toBe(
      "[Herald] Novo cadastro: Ada <ada@example.org> (aguardando sua aprovação)"
    )
  })

  it("a failed campaign, its plain words as the campaign page says them in that language", () => {
    const german = mail(failed, GERMAN)
    expect(german.subject).toBe("[Herald] Kampagne fehlgeschlagen: Club news")
    expect(german.text.split("\n")).toEqual([
      "Eine Kampagne ist fehlgeschlagen.",
      "",
      "Kampagne: Club news",
      "Gruppe: Club B",
      "Was passiert ist: Die Nachricht wurde nicht gesendet: Herald lief nicht oder konnte innerhalb von 2 Minuten nach ihrer Zeit nicht senden.",
      "Was zu tun ist: Sie wird nicht von selbst später gesendet: Schick sie noch einmal, wenn sie noch nützt.",
      "",
      "Details",
      "Grund: group Club B: missed",
      "Id: cmp_1"
    ])
    const channel = { ...failed, reason: "channel Club news: failed to send message: gateway answered 400: forbidden" }
    expect(mail(channel, BRAZILIAN).text).toContain(
      "Canal: Club news\nO que aconteceu: O WhatsApp não conseguiu publicar no canal:"
    )
    expect(messagingText(failed, MEXICAN, NOW)).toBe(
      [
        "*Herald*: falló una campaña",
        "Club news (cmp_1)",
        "El mensaje no se envió: Herald no estaba funcionando, o no pudo enviar, en los 2 minutos siguientes a su hora.",
        "Qué hacer: No se envía más tarde por sí solo: envíalo otra vez si todavía sirve.",
        "Detalles: group Club B: missed"
      ].join("\n")
    )
  })

  it("a password reset notice and a system alert's words around Herald's own text", () => {
    expect(mail({ kind: "PasswordResetRequested", email: "ada@example.org" }, BRAZILIAN).text.split("\n")).toEqual([
      "Alguém pediu para redefinir a senha da conta ada@example.org.",
      "",
      "O link de uso único vai só para esse endereço; ele não está neste e-mail.",
      "Se ninguém deveria estar trocando essa senha, fique de olho na conta."
    ])
    expect(mail({ kind: "SystemAlert", text: "disk full" }, GERMAN).subject).toBe("[Herald] Systemmeldung: disk full")
  })
})
