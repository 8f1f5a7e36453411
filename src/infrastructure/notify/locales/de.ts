import type { MailCatalog } from "./MailCatalog.ts"

// The mails (to an account's owner and to the admin) in German, du (keys as in en.ts).
export const de: MailCatalog = {
  greeting: "Hallo {{name}},",
  approved: {
    subject: "Dein Konto ist freigegeben",
    subjectAgain: "Dein Konto ist wieder aktiv",
    approved:
      "Die Administration hat dein Herald-Konto freigegeben: Du kannst dich jetzt anmelden und Nachrichten planen.",
    enabledAgain:
      "Die Administration hat dein Herald-Konto wieder aktiviert: Du kannst dich anmelden, und deine geplanten Nachrichten werden wieder gesendet.",
    signIn: "Hier meldest du dich an:"
  },
  rejected: {
    subject: "Deine Kontoanfrage wurde abgelehnt",
    declined:
      "Die Administration hat deine Anfrage für ein Herald-Konto abgelehnt, deshalb kannst du dich nicht anmelden.",
    mistake: "Wenn du denkst, dass das ein Irrtum ist, bitte die Person, die dieses Herald betreibt, es freizuschalten."
  },
  signUpAttempted: {
    subject: "Jemand wollte sich mit deiner Adresse registrieren",
    tried: "Jemand wollte mit dieser E-Mail-Adresse ein Herald-Konto anlegen, aber es gibt schon eins.",
    nothingChanged:
      "Es wurde nichts geändert. Warst du das, melde dich einfach an; hast du dein Passwort vergessen, nutze „Passwort vergessen?“ auf der Anmeldeseite.",
    ifYou: "Warst du es nicht, kannst du diese E-Mail ignorieren."
  },
  link: {
    until: "Der Link funktioniert einmal, bis {{time}}."
  },
  reset: {
    subject: "Setz dein Passwort zurück",
    asked: "Jemand (hoffentlich du) möchte das Passwort deines Herald-Kontos zurücksetzen.",
    open: "Öffne diesen Link, um ein neues Passwort zu wählen:",
    ignore: "Wenn du das nicht warst, ignorier diese E-Mail: Dein Passwort bleibt, wie es ist."
  },
  verify: {
    subject: "Bestätige deine E-Mail-Adresse",
    asked: "Jemand (hoffentlich du) hat sich mit dieser Adresse bei Herald registriert.",
    open: "Öffne diesen Link und gib das Passwort ein, das du bei der Registrierung gewählt hast, um sie zu bestätigen;",
    openUntil: "bis dahin kann das Konto nicht benutzt werden:",
    ignore:
      "Wenn du dich nicht registriert hast, ignorier diese E-Mail: Ohne den Link und dieses Passwort passiert nichts."
  },
  stopped: {
    subject: "WhatsApp sendet deine Nachrichten nicht mehr: {{headline}}",
    when: "Deine WhatsApp-Verbindung in Herald funktioniert seit {{time}} nicht mehr:",
    happened: "{{happened}}. Bis sie wieder funktioniert, kann keine geplante Nachricht darüber gesendet werden.",
    noneDue: "In den nächsten 24 Stunden ist keine Nachricht von dir fällig.",
    due: "Fällig in den nächsten 24 Stunden ({{number}}):",
    dueLine: "- {{time}} an {{group}}: {{content}}",
    whatToDo: "Was zu tun ist: {{nextStep}}",
    whatToDoBeforeDue:
      "Was zu tun ist: {{nextStep}} Mach das, bevor die Nachrichten oben fällig sind, sonst schlagen sie fehl.",
    details: "Details:",
    gateway: "Das Gateway meldet die Sitzung {{session}} als {{status}}."
  },
  status: {
    SCAN_QR_CODE: {
      headline: "der QR-Code muss neu gescannt werden",
      happened:
        "WhatsApp hat diese Nummer bei Herald abgemeldet, deshalb muss die Verknüpfung mit einem neuen QR-Code neu hergestellt werden",
      nextStep:
        "Öffne die WhatsApp-Seite in Herald und scanne den QR-Code mit WhatsApp auf deinem Handy (Einstellungen, Verknüpfte Geräte, Gerät hinzufügen)."
    },
    STOPPED: {
      headline: "die Verbindung ist gestoppt",
      happened: "die Verbindung zu WhatsApp ist gestoppt",
      nextStep: "Öffne die WhatsApp-Seite in Herald und drück auf Neu starten."
    },
    FAILED: {
      headline: "die Verbindung ist fehlgeschlagen",
      happened: "die Verbindung zu WhatsApp ist fehlgeschlagen",
      nextStep:
        "Öffne die WhatsApp-Seite in Herald und drück auf Neu starten. Klappt es wieder nicht, melde dich dort ab und scanne dann den neuen QR-Code mit WhatsApp auf deinem Handy (Einstellungen, Verknüpfte Geräte, Gerät hinzufügen)."
    },
    STARTING: {
      headline: "die Verbindung startet neu",
      happened: "die Verbindung zu WhatsApp startet gerade neu",
      nextStep:
        "Meistens nichts: Sie verbindet sich in ein, zwei Minuten von selbst wieder. Steht auf der WhatsApp-Seite in Herald nach ein paar Minuten nicht Verbunden, drück dort auf Neu starten."
    },
    PASSKEY_REQUIRED: {
      headline: "WhatsApp verlangt einen Passkey",
      happened: "WhatsApp verlangt einen Passkey, bevor dieses Gerät wieder senden darf",
      nextStep:
        "Folge dem Hinweis auf deinem Handy. Gibt es keinen, öffne die WhatsApp-Seite in Herald und drück auf Neu starten."
    },
    PASSKEY_CONFIRMATION_REQUIRED: {
      headline: "WhatsApp möchte, dass du einen Passkey bestätigst",
      happened: "WhatsApp möchte, dass du einen Passkey bestätigst, bevor dieses Gerät wieder senden darf",
      nextStep:
        "Bestätige ihn auf deinem Handy. Gibt es keinen Hinweis, öffne die WhatsApp-Seite in Herald und drück auf Neu starten."
    },
    OTHER: {
      headline: "die Verbindung ist gestoppt",
      happened: "die Verbindung zu WhatsApp funktioniert nicht mehr",
      nextStep: "Öffne die WhatsApp-Seite in Herald, um zu sehen, was sie braucht; meistens hilft dort Neu starten."
    }
  },
  limited: {
    subject: "WhatsApp beschränkt deine Nummer: das Senden ist pausiert",
    refused: "WhatsApp hat eine Nachricht von deiner Nummer abgelehnt, weil es die Nummer vorerst beschränkt,",
    usually: "meistens nach vielen Nachrichten in kurzer Zeit oder Nachrichten an Leute, die die Nummer nicht kennen.",
    holdsKnown:
      "Herald hält deine Nachrichten bis {{time}} zurück, wenn laut WhatsApp die Beschränkung endet, und sendet dann von selbst wieder.",
    holdsUnknown:
      "WhatsApp hat nicht gesagt, wie lange. Herald hält deine Nachrichten bis {{time}} zurück und versucht es dann von selbst wieder; lehnt WhatsApp weiter ab, wartet es erneut.",
    noneDue: "Bis dahin ist keine Nachricht von dir fällig.",
    due_one:
      "{{count}} Nachricht ist bis dahin fällig: Sie wird nicht verspätet gesendet, sondern als verpasst angezeigt, und du kannst sie noch einmal senden.",
    due_other:
      "{{count}} Nachrichten sind bis dahin fällig: Sie werden nicht verspätet gesendet, sondern als verpasst angezeigt, und du kannst sie noch einmal senden.",
    refusedFailed:
      "Die abgelehnte Nachricht wird als fehlgeschlagen angezeigt; send sie noch einmal, wenn die Beschränkung vorbei ist.",
    whatToDo:
      "Was zu tun ist: Zum Weitermachen ist nichts nötig. Damit es nächstes Mal nicht passiert, schalte auf der WhatsApp-Seite das Sendetempo ein, damit Nachrichten langsamer rausgehen.",
    details: "Details:",
    session: "Die Sitzung {{session}} des Gateways."
  },
  // a campaign's title planning made up from its targets (no one wrote one)
  campaignTitle: {
    madeUp_one: "{{name}} und 1 weitere",
    madeUp_other: "{{name}} und {{count}} weitere"
  },
  admin: {
    registration: {
      subject: "Neue Registrierung: {{name}} <{{email}}>",
      subjectPending: "Neue Registrierung: {{name}} <{{email}}> (wartet auf deine Freigabe)",
      registered: "Jemand hat ein neues Konto angelegt.",
      name: "Name: {{name}}",
      email: "E-Mail: {{email}}",
      pending:
        "Status: wartet auf deine Freigabe. Gib es auf der Seite Konten frei oder lehne es ab; bis dahin kann es den Dienst nicht nutzen.",
      active: "Status: aktiv (keine Freigabe nötig). Du kannst es auf der Seite Konten deaktivieren.",
      page: "Seite Konten:"
    },
    resetRequested: {
      subject: "Zurücksetzen des Passworts für {{email}} angefordert",
      requested: "Für das Konto {{email}} wurde angefragt, das Passwort zurückzusetzen.",
      notHere: "Der Einmal-Link geht nur an diese Adresse; er steht nicht in dieser E-Mail.",
      watch: "Wenn eigentlich niemand dieses Passwort zurücksetzen sollte, behalte das Konto im Auge."
    },
    campaignFailed: {
      subject: "Kampagne fehlgeschlagen: {{title}}",
      failed: "Eine Kampagne ist fehlgeschlagen.",
      campaign: "Kampagne: {{title}}",
      group: "Gruppe: {{name}}",
      channel: "Kanal: {{name}}",
      happened: "Was passiert ist: {{sentence}}",
      whatToDo: "Was zu tun ist: {{nextStep}}",
      details: "Details",
      reason: "Grund: {{reason}}",
      id: "Id: {{id}}"
    },
    alert: {
      subject: "Systemmeldung: {{text}}"
    },
    stalled: {
      subject: "Kein Planer sendet Nachrichten",
      notRunning: "Anscheinend läuft kein Planer, deshalb werden geplante Nachrichten gerade nicht gesendet.",
      overdue: "Eine Nachricht war für {{time}} fällig, und nichts hat sie zum Senden abgeholt.",
      whatToDo:
        "Was zu tun ist: Starte den Planer (node src/interfaces/scheduler/main.ts) oder prüf, ob er die Datenbank erreicht.",
      missed:
        "Nachrichten, die fällig waren, während er stand, werden nicht verspätet gesendet: In ihren Kampagnen stehen sie als verpasst, und wer sie geplant hat, kann sie noch einmal senden.",
      details: "Details:",
      message: "Nachricht {{id}}."
    },
    messagingFailed: {
      failed: "Die Benachrichtigung per WhatsApp ist fehlgeschlagen: {{why}}",
      noAdminAccount: "Es gibt kein aktives Admin-Konto, von dem sie gesendet werden könnte.",
      noSession: "Dein Admin-Konto hat kein verbundenes WhatsApp. Verbinde es auf der WhatsApp-Seite.",
      noDigits: "ADMIN_PHONE_NUMBER enthält keine Ziffern. Trag deine Nummer ein, z. B. +15551234567.",
      lookupFailed: "Herald konnte gerade nicht aus seiner Datenbank lesen.",
      gatewayError: "Das WhatsApp-Gateway hat sie nicht angenommen.",
      unexpected: "Etwas Unerwartetes ist schiefgegangen.",
      instead: "Deshalb kommt stattdessen diese E-Mail.",
      details: "Details: {{reason}}"
    },
    phone: {
      registration: "neue Registrierung",
      pending: "Wartet auf deine Freigabe.",
      active: "Aktiv (keine Freigabe nötig).",
      campaignFailed: "Kampagne fehlgeschlagen",
      whatToDo: "Was zu tun ist: {{nextStep}}",
      details: "Details: {{reason}}",
      alert: "Systemmeldung",
      stalled: "kein Planer sendet Nachrichten"
    }
  },
  failure: {
    sessionSentence:
      "WhatsApp war nicht verbunden, als die Nachricht fällig war: Das Handy wurde vielleicht abgemeldet oder die Verknüpfung gelöst.",
    sessionNext:
      "Öffne die WhatsApp-Seite und verbinde dich neu (QR-Code scannen), dann schick die Nachricht noch einmal.",
    groupSentence:
      "WhatsApp konnte nicht an die Gruppe zustellen: Diese Nummer ist nicht mehr drin oder die Gruppe gibt es nicht mehr.",
    groupNext: "Prüf auf deinem Handy, ob diese Nummer noch in der Gruppe ist, dann schick die Nachricht noch einmal.",
    channelSentence:
      "WhatsApp konnte nicht im Kanal posten: Diese Nummer ist nicht mehr Inhaber oder Admin des Kanals, oder den Kanal gibt es nicht mehr.",
    channelNext:
      "Prüf auf deinem Handy, ob diese Nummer den Kanal noch besitzt oder verwaltet, dann schick die Nachricht noch einmal.",
    refusedSentence:
      "WhatsApp hat die Nachricht abgelehnt oder bremst diese Nummer, oft nach vielen Nachrichten in kurzer Zeit.",
    refusedNext:
      "Warte ein paar Stunden, bevor du erneut sendest, und schalte auf der WhatsApp-Seite das Sendetempo ein, damit Nachrichten langsamer rausgehen.",
    unreachableSentence:
      "Herald hat seine WhatsApp-Verbindung nicht erreicht, deshalb wurde die Nachricht nicht gesendet.",
    unreachableNext:
      "Sag der Person Bescheid, die Herald betreut; sobald die Verbindung wieder geht, schick die Nachricht noch einmal.",
    noAnswerSentence:
      "Das Senden hat begonnen, aber es kam keine Antwort rechtzeitig, deshalb weiß Herald nicht, ob die Nachricht in der Gruppe angekommen ist.",
    noAnswerNext:
      "Schau zuerst in die Gruppe: Schick sie nur noch einmal, wenn die Nachricht nicht da ist, sonst kommt sie doppelt an.",
    channelNoAnswerSentence:
      "Das Senden hat begonnen, aber es kam keine Antwort rechtzeitig, deshalb weiß Herald nicht, ob die Nachricht im Kanal angekommen ist.",
    channelNoAnswerNext:
      "Schau zuerst in den Kanal: Schick sie nur noch einmal, wenn die Nachricht nicht da ist, sonst kommt sie doppelt an.",
    missedSentence:
      "Die Nachricht wurde nicht gesendet: Herald lief nicht oder konnte innerhalb von 2 Minuten nach ihrer Zeit nicht senden.",
    missedNext: "Sie wird nicht von selbst später gesendet: Schick sie noch einmal, wenn sie noch nützt.",
    disabledSentence:
      "Die Nachricht wurde nicht gesendet: Die Person, die Herald betreut, hat dieses Konto deaktiviert.",
    disabledNext:
      "Bitte die Person, die Herald betreut, dein Konto wieder zu aktivieren; danach nutze Noch einmal senden für die Nachrichten, die noch raus sollen.",
    otherSentence: "WhatsApp hat die Nachricht nicht angenommen.",
    otherNext:
      "Schick sie noch einmal; klappt es wieder nicht, sag der Person Bescheid, die Herald betreut, und gib die Details weiter."
  }
}
