import { describe, expect, it } from "vitest"
import type { Reader } from "../../../src/application/ports/Notifier.ts"
import type { MailContext } from "../../../src/infrastructure/notify/MailNotifier.ts"
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

const mail = (
  n: Parameters<typeof composeMail>[0],
  adminReader?: Reader,
  messagingFailure?: MailContext["messagingFailure"]
) =>
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
    const m = mail(stalled, undefined, {
      reason: "noSession",
      detail: "the admin account has no active messaging session"
    })
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
      "The WhatsApp notification failed: your admin account has no connected WhatsApp. Connect it on the WhatsApp page.",
      "This e-mail is sent instead.",
      "Details: the admin account has no active messaging session"
    ])
    expect(m.text).not.toMatch(/\d{4}-\d\d-\d\dT/)
  })

  it("in German, Berlin's time on a 24-hour clock although the admin's browser is en-US", () => {
    const m = mail(stalled, GERMAN, { reason: "gatewayError", detail: "gateway answered 500" })
    expect(m.subject).toBe("[Herald] Kein Planer sendet Nachrichten")
    expect(m.text.split("\n")).toEqual([
      "Anscheinend läuft kein Planer, deshalb werden geplante Nachrichten gerade nicht gesendet.",
      "Eine Nachricht war für Donnerstag, 26. November, 10:01 (Mitteleuropäische Zeit) fällig, und nichts hat sie zum Senden abgeholt.",
      "",
      "Was zu tun ist: Starte den Planer (node src/interfaces/scheduler/main.ts) oder prüf, ob er die Datenbank erreicht.",
      "Nachrichten, die fällig waren, während er stand, werden nicht verspätet gesendet: In ihren Kampagnen stehen sie als verpasst, und wer sie geplant hat, kann sie noch einmal senden.",
      "",
      "Details:",
      "Nachricht msg_1.",
      "",
      "--",
      "Die Benachrichtigung per WhatsApp ist fehlgeschlagen: Das WhatsApp-Gateway hat sie nicht angenommen.",
      "Deshalb kommt stattdessen diese E-Mail.",
      "Details: gateway answered 500"
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
        "Qué hacer: no se envía más tarde por sí solo: envíalo otra vez si todavía sirve.",
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
    expect(mail({ kind: "PasswordResetRequested", email: "ada@example.org" }, GERMAN).subject).toBe(
      "[Herald] Zurücksetzen des Passworts für ada@example.org angefordert"
    )
    expect(mail({ kind: "SystemAlert", text: "disk full" }, GERMAN).subject).toBe("[Herald] Systemmeldung: disk full")
  })
})

describe("the admin's words after a colon and for missed messages", () => {
  it("Spanish and Portuguese write on in lower case after “Qué hacer:” / “O que fazer:”", () => {
    expect(mail(failed, MEXICAN).text).toContain("\nQué hacer: no se envía más tarde por sí solo: envíalo otra vez")
    expect(mail(failed, BRAZILIAN).text).toContain("\nO que fazer: ela não é enviada depois sozinha: envie de novo")
    expect(messagingText(failed, BRAZILIAN, NOW)).toContain("\nO que fazer: ela não é enviada depois sozinha")
    // a name keeps its capital; German keeps a full sentence's
    const unreachable = {
      ...failed,
      reason: "group Club B: failed to send message: connect ECONNREFUSED 10.0.0.1:3000"
    }
    expect(mail(unreachable, GERMAN).text).toContain("\nWas zu tun ist: Sag ")
  })

  it("the stalled mail names missed messages as the campaign page does", () => {
    expect(mail(stalled, MEXICAN).text).toContain("sus campañas los muestran como «No enviado»")
    const portuguese = mail(stalled, BRAZILIAN).text
    expect(portuguese).toContain("As mensagens que estavam programadas enquanto ele estava parado")
    expect(portuguese).toContain("as campanhas as mostram como “Não enviada”")
    expect(portuguese).toContain("confira se ele consegue acessar o banco de dados.")
  })

  it("why the phone alert failed, in the admin's words, the technical text under Details", () => {
    const lines = mail(stalled, MEXICAN, {
      reason: "noDigits",
      detail: "ADMIN_PHONE_NUMBER abc has no digits"
    }).text.split("\n")
    expect(lines.slice(-4)).toEqual([
      "--",
      "El aviso por WhatsApp falló: ADMIN_PHONE_NUMBER no tiene dígitos. Pon ahí tu número, por ejemplo +15551234567.",
      "Por eso te llega este correo.",
      "Detalles: ADMIN_PHONE_NUMBER abc has no digits"
    ])
  })
})
