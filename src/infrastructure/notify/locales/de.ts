import type { MailCatalog } from "./MailCatalog.ts"

// The mails to an account's owner in German, du (keys as in en.ts).
export const de: MailCatalog = {
  zone: "Ortszeit {{place}}",
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
  }
}
