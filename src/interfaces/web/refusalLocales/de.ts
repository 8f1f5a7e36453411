import type { RefusalCatalog } from "./RefusalCatalog.ts"

// The server's refusals in German, du (keys as in en.ts).
export const de: RefusalCatalog = {
  withErrorId: "{{text}} (Fehlernummer {{id}})",
  withHttp: "{{text}} (HTTP {{status}})",
  /** a zone by its place, as the browser app's pages name it */
  zone: "Zeit in {{place}}",
  unexpected:
    "Bei uns ist etwas schiefgelaufen (Fehlernummer {{id}}). Versuch es gleich noch einmal; passiert es wieder, nenn der Person, die Herald betreut, diese Nummer.",
  signInFirst: "Melde dich zuerst an.",
  awaitingApproval: "Dein Konto wartet noch auf die Freigabe durch die Person, die Herald betreut.",
  readOnlyKey: "Dieser Schlüssel darf nur lesen.",
  adminsOnly: "Das darf nur, wer Herald betreut.",
  notWithKey:
    "Dafür taugt kein API-Schlüssel: Melde dich im Browser bei Herald an, um dein Konto und deine Schlüssel zu verwalten.",
  StoreUnavailable: "Herald erreicht seine Datenbank gerade nicht. Versuch es gleich noch einmal.",
  messageState: {
    NEW: "sie wird noch geplant",
    SCHEDULED: "sie wartet noch auf den Versand",
    PICKED: "sie wird gerade gesendet",
    SENT: "sie wurde gesendet",
    FAILED: "sie ist fehlgeschlagen",
    OUTCOME_UNKNOWN: "ob sie rausging, ist unbekannt",
    MISSED: "sie wurde verpasst",
    DELETED: "sie wurde gelöscht",
    CANCELLED: "sie wurde mit ihrer Kampagne abgebrochen",
    PAUSED: "sie ist mit ihrer Kampagne pausiert: setz das Senden zuerst fort",
    SKIPPED: "sie wurde übersprungen, während die Kampagne pausiert war"
  },
  gatewayFeature: {
    polls: "Umfragen",
    mentionAll: "Alle erwähnen",
    media: "Bilder und Dateien",
    mentionOnMedia: "Alle erwähnen bei einem Bild oder einer Datei",
    channels: "Posten in WhatsApp-Kanälen",
    channelPolls: "Umfragen in WhatsApp-Kanälen",
    status: "Einen Status posten",
    statusChosen: "Ein Status an ausgewählte Kontakte",
    statusAll: "Ein Status an alle Kontakte"
  },
  sessionState: {
    WORKING: "Die WhatsApp-Verbindung ist verbunden, war dafür aber nicht bereit",
    SCAN_QR_CODE: "Die WhatsApp-Verbindung wartet darauf, dass ihr QR-Code gescannt wird",
    STARTING: "Die WhatsApp-Verbindung startet noch",
    STOPPED: "Die WhatsApp-Verbindung ist gestoppt",
    FAILED: "Die WhatsApp-Verbindung ist fehlgeschlagen",
    PASSKEY_REQUIRED: "Die WhatsApp-Verbindung wartet auf einen Passkey auf dem Handy",
    PASSKEY_CONFIRMATION_REQUIRED:
      "Die WhatsApp-Verbindung wartet darauf, dass der Passkey auf dem Handy bestätigt wird",
    OTHER: "Die WhatsApp-Verbindung ist in einem Zustand, der das nicht erlaubt"
  },
  userStatus: {
    ACTIVE: "aktiv",
    PENDING: "noch nicht freigegeben",
    REJECTED: "abgelehnt",
    DISABLED: "deaktiviert"
  },
  InvalidCredentials: "E-Mail-Adresse oder Passwort stimmt nicht.",
  TooManySignInAttempts: {
    signIns_one: "Zu viele fehlgeschlagene Anmeldungen. Versuch es in {{count, number}} Minute wieder.",
    signIns_other: "Zu viele fehlgeschlagene Anmeldungen. Versuch es in {{count, number}} Minuten wieder.",
    signUps_one: "Zu viele Registrierungen. Versuch es in {{count, number}} Minute wieder.",
    signUps_other: "Zu viele Registrierungen. Versuch es in {{count, number}} Minuten wieder.",
    resetRequests_one:
      "Zu viele Anfragen zum Zurücksetzen des Passworts. Versuch es in {{count, number}} Minute wieder.",
    resetRequests_other:
      "Zu viele Anfragen zum Zurücksetzen des Passworts. Versuch es in {{count, number}} Minuten wieder.",
    linkTries_one: "Zu viele fehlgeschlagene Versuche mit diesem Link. Versuch es in {{count, number}} Minute wieder.",
    linkTries_other:
      "Zu viele fehlgeschlagene Versuche mit diesem Link. Versuch es in {{count, number}} Minuten wieder."
  },
  EmailAlreadyRegistered: "Mit dieser E-Mail-Adresse gibt es schon ein Konto.",
  InvalidResetToken: "Dieser Link zum Zurücksetzen ist ungültig oder abgelaufen.",
  InvalidVerificationToken:
    "Dieser Bestätigungslink ist ungültig, schon benutzt oder abgelaufen. Registriere dich noch einmal, um einen neuen zu bekommen.",
  VerificationPasswordMismatch:
    "Dieser Link gehört zu einer Registrierung mit einem anderen Passwort. Warst du das nicht, registriere dich noch einmal und folge dem neuesten Link mit deinem Passwort.",
  EmailNotVerified:
    "Bestätige zuerst deine E-Mail-Adresse: Folge dem Link in der E-Mail, die wir dir geschickt haben (oder registriere dich noch einmal für einen neuen Link).",
  AccountDisabled: {
    address: "Die Person, die Herald betreut, hat dieses Konto deaktiviert. Bitte {{admin}}, es wieder zu aktivieren.",
    noAddress: "Die Person, die Herald betreut, hat dieses Konto deaktiviert. Bitte sie, es wieder zu aktivieren."
  },
  AccountRejected: {
    address:
      "Die Person, die Herald betreut, hat deine Anfrage für ein Konto abgelehnt. Frag {{admin}}, wenn du denkst, dass das ein Irrtum ist.",
    noAddress:
      "Die Person, die Herald betreut, hat deine Anfrage für ein Konto abgelehnt. Frag sie, wenn du denkst, dass das ein Irrtum ist."
  },
  ProtectedAccount: {
    self: "Dein eigenes Konto kannst du nicht deaktivieren oder ablehnen: Das müsste eine andere Person tun, die Herald betreut.",
    adminEmail:
      "Das ist laut Heralds Konfiguration das Konto der Person, die Herald betreut. Es lässt sich nicht deaktivieren oder ablehnen."
  },
  UserStatusConflict: {
    approve: "Dieses Konto lässt sich nicht freigeben: Es ist jetzt {{userStatus}}. Lade die Liste neu.",
    decline: "Dieses Konto lässt sich nicht ablehnen: Es ist jetzt {{userStatus}}. Lade die Liste neu.",
    disable: "Dieses Konto lässt sich nicht deaktivieren: Es ist jetzt {{userStatus}}. Lade die Liste neu.",
    enable: "Dieses Konto lässt sich nicht aktivieren: Es ist jetzt {{userStatus}}. Lade die Liste neu."
  },
  InvalidPreferences: {
    timeZone: "Diese Zeitzone ist unbekannt. Wähl eine Zone nach ihrem Ort, etwa Europe/Berlin oder America/New_York.",
    locale: "Diese Spracheinstellung ist unbekannt. Nimm eine Angabe wie de-DE oder en-US."
  },
  UserNotFound: "Dieses Konto gibt es nicht mehr. Lade die Liste neu.",
  MessagingSessionNotFound:
    "Diese WhatsApp-Verbindung wurde nicht gefunden. Öffne die WhatsApp-Seite und verbinde dich neu.",
  CampaignNotFound:
    "Diese Kampagne wurde nicht gefunden. Vielleicht wurde sie gelöscht; geh zurück zu deinen Kampagnen.",
  CampaignMessageNotFound: "Diese Nachricht gehört nicht mehr zu dieser Kampagne. Lade die Seite neu.",
  MediaNotFound: "Das Bild oder die Datei wurde nicht gefunden. Lade sie noch einmal hoch.",
  UnsupportedMediaType: {
    unrecognised:
      "Der Typ dieser Datei ließ sich nicht erkennen. Herald nimmt Bilder als JPEG, PNG, WebP oder GIF und Dateien als PDF, Word, Excel, PowerPoint oder OpenDocument, höchstens 16 MB.",
    type: "Dateien vom Typ {{value}} lassen sich nicht senden. Herald nimmt Bilder als JPEG, PNG, WebP oder GIF und Dateien als PDF, Word, Excel, PowerPoint oder OpenDocument, höchstens 16 MB."
  },
  media: {
    stalled: "Die Datei kam eine Minute lang nicht weiter an. Prüf deine Verbindung und versuch es noch einmal.",
    tooManyUploads_one:
      "Du hast in der letzten Minute {{limit}} Uploads begonnen, mehr nimmt Herald nicht an. Versuch es in {{count, number}} Sekunde noch einmal.",
    tooManyUploads_other:
      "Du hast in der letzten Minute {{limit}} Uploads begonnen, mehr nimmt Herald nicht an. Versuch es in {{count, number}} Sekunden noch einmal."
  },
  MediaTooLarge: "Die Datei ist größer als 16 MB, mehr nimmt WhatsApp nicht.",
  MediaQuotaExceeded:
    "Du hast schon {{files}} Dateien oder {{megabytes}} MB an Bildern und Dateien gespeichert. Sie werden entfernt, sobald ihre Nachrichten gesendet oder abgebrochen sind (ungenutzte Uploads nach einem Tag): Versuch es dann noch einmal oder brich eine Kampagne ab.",
  SessionCreationFailed: {
    plain: "Die WhatsApp-Verbindung ließ sich nicht anlegen. Versuch es gleich noch einmal.",
    namedSessionsUnsupported:
      "Die WhatsApp-Verbindung ließ sich nicht anlegen: Das WhatsApp-Gateway erlaubt nur eine Verbindung, Herald braucht aber eine pro Person. Bitte die Person, die Herald betreut, WAHA auf 2026.6.1 oder neuer zu aktualisieren."
  },
  InvalidCampaign: {
    pastTime: "{{scheduledAt}} ist schon vorbei.",
    allPast:
      "{{lastAt}} ist schon vorbei. Alle Nachrichten dieses Plans liegen in der Vergangenheit: Wähl spätere Tage.",
    allPastNoLast: "Jede Nachricht dieses Plans liegt in der Vergangenheit: Wähl spätere Daten.",
    futurePastTime:
      "{{scheduledAt}} ist schon vorbei. Wähl eine spätere Uhrzeit: Dann ginge die erste geänderte Nachricht raus.",
    copyPastTime: "{{scheduledAt}} ist schon vorbei. Wähl einen späteren ersten Tag.",
    unknownTimeZone: "Die Zeitzone {{zone}} kennt Herald nicht. Wähl eine Zone nach ihrem Ort, etwa Europe/Berlin.",
    emptyContent: "Schreib den Text der Nachricht.",
    tooLong: "Eine Nachricht darf höchstens {{max}} Zeichen haben: Kürze den Text.",
    tooManyMessages:
      "Eine Kampagne darf höchstens {{max}} Nachrichten haben, dieser Plan ergibt {{count, number}}: Plane weniger.",
    tooManyCopies:
      "Dieser Plan ergibt {{count, number}} Nachrichten für jede von {{groups}} Gruppen ({{copies}} insgesamt), eine Kampagne darf aber höchstens {{max}} haben: Plane weniger Nachrichten oder wähl weniger Gruppen.",
    noMessages: "Plane mindestens eine Nachricht.",
    noTargets: "Wähl mindestens eine Gruppe.",
    duplicateTarget: "Diese Gruppe ist schon Ziel {{position}}: Wähl jede Gruppe nur einmal.",
    groupIdRequired: "Wähl die Gruppe aus der Liste.",
    targetsOrGroup: "Wähl die Gruppen, an die gesendet wird.",
    targetsAndGroup: "Wähl die Gruppen an einer Stelle: eine Gruppe oder eine Liste von Gruppen, nicht beides.",
    messagesOrRecurrence:
      "Plane entweder Nachrichten mit eigenen Zeiten oder eine wiederkehrende Nachricht, nicht beides.",
    invalidDate: "Gib das Datum als Jahr-Monat-Tag an, etwa 2026-12-01.",
    invalidSendTime: "Gib die Uhrzeit in Stunden und Minuten an (00:00 bis 23:59).",
    endBeforeStart: "Der letzte Tag darf nicht vor dem ersten liegen.",
    emptyTemplate: "Schreib den Text der Nachrichten.",
    recurrenceTooLong:
      "Dieser Plan ergibt mehr als {{max}} Nachrichten, mehr als eine Kampagne haben darf: Wähl einen früheren letzten Tag.",
    pollMentionOwn:
      "Eine Umfrage kann nicht alle erwähnen (WhatsApp sendet Umfragen ohne Erwähnungen): Schalte „Alle erwähnen“ für sie aus.",
    pollMentionCampaign:
      "Eine Umfrage kann nicht alle erwähnen (WhatsApp sendet Umfragen ohne Erwähnungen): Schalte „Alle erwähnen“ für die Kampagne aus oder nur für ihre Textnachrichten ein.",
    pollMention:
      "Eine Umfrage kann nicht alle erwähnen (WhatsApp sendet Umfragen ohne Erwähnungen): Schalte „Alle erwähnen“ aus.",
    pollWithMedia: "Eine Umfrage kann kein Bild und keine Datei mitnehmen: Schick das Bild als eigene Nachricht.",
    notAPoll:
      "Diese Nachricht ist ein Text, keine Umfrage, und ein Text kann keine Umfrage werden: Plane eine neue Nachricht.",
    channelMention:
      "Alle erwähnen geht nur in Gruppen: Ein WhatsApp-Kanal hat Follower, keine Mitglieder zum Erwähnen. Schalte „Alle erwähnen“ aus oder schick diese Nachricht nur an Gruppen.",
    channelFile:
      "WhatsApp-Kanäle nehmen Text, Bilder, Videos und Umfragen, aber keine Dokumente: Schick diese Datei nur an Gruppen oder teil sie im Kanal als Bild oder Link.",
    channelNotListed:
      "{{name}} gehört nicht zu den WhatsApp-Kanälen, die diese Nummer besitzt oder verwaltet: Wähl den Kanal noch einmal aus der Liste.",
    channelFollowed:
      "Diese Nummer folgt {{name}} nur, und dort dürfen nur Inhaber und Admins posten: Wähl einen Kanal, den diese Nummer besitzt oder verwaltet.",
    statusStyleMisplaced:
      "Farbe, Schrift und ausgewählte Kontakte gehören nur zu deinem Status, nicht zu einer Gruppe.",
    statusPoll:
      "Eine Umfrage lässt sich nicht in deinem Status posten: Schick sie nur an Gruppen oder mach einen Text daraus.",
    statusFile: "Ein Status kann ein Bild zeigen, keine Datei: Häng ein Bild an oder schick die Datei nur an Gruppen.",
    statusMention:
      "Alle erwähnen geht nur in Gruppen, nicht in deinem Status: Schalte „Alle erwähnen“ aus oder lass deinen Status bei dieser Kampagne weg.",
    nothingToCopy: "Diese Kampagne hat keine Nachricht mehr, die sich kopieren ließe.",
    notRepeating:
      "Nur bei einer wiederkehrenden Kampagne lassen sich alle künftigen Nachrichten auf einmal ändern: Bearbeite die Nachrichten einzeln.",
    nothingToChange: "Gib eine neue Uhrzeit oder einen neuen Text an.",
    partsDiffer_one:
      "Diese Kampagne sendet jeden Tag {{count, number}} Nachricht, der neue Text ergibt aber {{now}}: Lass keine Zeile stehen, die nur --- enthält, oder plane eine neue Kampagne.",
    partsDiffer_other:
      "Diese Kampagne sendet jeden Tag {{count, number}} Nachrichten, der neue Text ergibt aber {{now}}: Teil den Text in {{count, number}} Stücke, getrennt durch Zeilen, die nur --- enthalten, oder plane eine neue Kampagne.",
    noFutureMessage: "Diese Kampagne hat keine Nachricht mehr zu senden: Es gibt nichts zu ändern.",
    pollOptionCount: "Eine Umfrage braucht {{min}} bis {{max}} Antworten, diese hat {{count, number}}.",
    pollOptionEmpty: "Schreib diese Antwort oder entferne sie.",
    pollOptionTooLong: "Eine Antwort darf höchstens {{max}} Zeichen haben: Kürze sie.",
    pollOptionTwice: "Die Antworten müssen sich unterscheiden: {{option}} steht zweimal da.",
    statusColour: "Schreib die Hintergrundfarbe als #rrggbb, etwa #38b42f.",
    statusFont: "Wähl eine der angebotenen Schriften ({{fonts}}).",
    statusNoContacts: "Wähl mindestens einen Kontakt, der den Status sieht, oder lass alle deine Kontakte ihn sehen.",
    statusTooManyContacts:
      "Ein Status kann an höchstens {{max}} ausgewählte Kontakte gehen, dieser hat {{count, number}}: Lass stattdessen alle deine Kontakte ihn sehen.",
    statusNotContact: "Das ist kein WhatsApp-Kontakt: Wähl Kontakte aus deiner Liste.",
    statusContactTwice: "Dieser Kontakt ist zweimal gewählt.",
    statusAllContactsOnly:
      "Über dieses WhatsApp-Gateway geht ein Status an alle deine Kontakte (wie es die Status-Privatsphäre deines Handys sagt): Wähl alle Kontakte.",
    pacedTooMany:
      "Diese WhatsApp-Nummer sendet mit Abstand (mindestens {{gap}} s zwischen Nachrichten, plus bis zu {{jitter}} s): Von gleichzeitig fälligen Nachrichten gehen nur {{sure}} sicher innerhalb der 2 Minuten raus, und die um {{lateAt}} wäre Nummer {{position}} in der Reihe. Verteil die Nachrichten zeitlich oder verringere den Abstand auf der WhatsApp-Seite.",
    pacedTooManyGroups:
      "Diese WhatsApp-Nummer sendet mit Abstand (mindestens {{gap}} s zwischen Nachrichten, plus bis zu {{jitter}} s): Von gleichzeitig fälligen Nachrichten gehen nur {{sure}} sicher innerhalb der 2 Minuten raus, und die um {{lateAt}} wäre Nummer {{position}} in der Reihe (jede Nachricht geht an {{groups}} Gruppen). Verteil die Nachrichten zeitlich, wähl weniger Gruppen oder verringere den Abstand auf der WhatsApp-Seite.",
    copyMessage: "Nachricht {{copyPosition}} der Kopie: {{reason}}",
    planNotTaken: "Herald konnte diesen Plan so nicht übernehmen: Lade die Seite neu und plane ihn noch einmal.",
    engineCannot:
      "{{feature}}: Die Engine dieser WhatsApp-Verbindung ({{engine}}) bietet das nicht an. Lass es weg oder bitte die Person, die Herald betreut, um eine WAHA-Engine, die es kann.",
    engineUnnamed:
      "{{feature}}: Die Engine dieser WhatsApp-Verbindung sagt nicht, welche sie ist, darum kann Herald sich nicht darauf verlassen. Lass es weg oder bitte die Person, die Herald betreut, um eine WAHA-Engine, die es kann (NOWEB, GOWS oder WEBJS).",
    mediaVersionTooOld:
      "{{feature}}: Das WhatsApp-Gateway (WAHA {{version}}) bietet das erst ab WAHA {{since}} an, oder in WAHA Plus. Schick stattdessen einen Text oder bitte die Person, die Herald betreut, WAHA zu aktualisieren.",
    versionTooOld:
      "{{feature}}: Das WhatsApp-Gateway (WAHA {{version}}) bietet das erst ab WAHA {{since}} an. Lass es weg oder bitte die Person, die Herald betreut, WAHA zu aktualisieren."
  },
  InvalidSessionPacing: {
    pacingRange: "Gib eine ganze Zahl von Sekunden zwischen 0 und {{max}} an.",
    pacingJitterNeedsGap:
      "Ein zufälliger Zuschlag braucht einen Abstand: Stell einen Abstand ein oder setz den Zuschlag auf 0.",
    pacingTooLong:
      "Abstand und zufälliger Zuschlag dürfen zusammen höchstens {{max}} Sekunden sein (die 2 Minuten, in denen eine fällige Nachricht raus muss)."
  },
  CampaignConflict: {
    alreadyCompleted: "Diese Kampagne ist schon abgeschlossen.",
    alreadyCancelled: "Diese Kampagne ist schon abgebrochen.",
    messageLocked: "Diese Nachricht lässt sich nicht mehr ändern: {{state}}.",
    messageNotDeletable: "Diese Nachricht lässt sich nicht mehr löschen: {{state}}.",
    finished: "Diese Kampagne ist abgeschlossen: Jede Nachricht ist raus oder wurde übersprungen.",
    cancelled: "Diese Kampagne wurde abgebrochen: Es wird nichts mehr gesendet.",
    failedNoPause:
      "Diese Kampagne ist fehlgeschlagen und lässt sich deshalb nicht pausieren. Brich sie ab, um die noch geplanten Nachrichten zu stoppen, oder sende die fehlgeschlagenen noch einmal.",
    failedNoResume:
      "Diese Kampagne ist fehlgeschlagen, und keine ihrer Nachrichten ist pausiert: Es gibt nichts fortzusetzen. Sende die fehlgeschlagenen noch einmal oder brich sie ab.",
    noMessagesYet: "Diese Kampagne hat noch keine Nachrichten.",
    alreadyPaused: "Diese Kampagne ist schon pausiert.",
    notPaused: "Diese Kampagne ist nicht pausiert: Ihre Nachrichten gehen zu ihren Zeiten raus.",
    cannotPause: "Diese Kampagne lässt sich gerade nicht pausieren. Lade die Seite neu, um zu sehen, wo sie steht.",
    cannotResume: "Diese Kampagne lässt sich gerade nicht fortsetzen. Lade die Seite neu, um zu sehen, wo sie steht.",
    notResendable:
      "Nur eine fehlgeschlagene, verpasste, übersprungene Nachricht oder eine mit unbekanntem Ausgang lässt sich noch einmal senden, und {{state}}.",
    alreadyResent:
      "Diese Nachricht wurde schon noch einmal gesendet, und diese Kopie steht noch: Sende die Kopie noch einmal, falls sie nicht rausging.",
    resendWhilePaused:
      "Einige Nachrichten dieser Kampagne sind pausiert: Setz das Senden zuerst fort und sende diese Nachricht dann noch einmal.",
    nothingToResend: "Diese Kampagne hat noch keine Nachrichten, die sich noch einmal senden ließen.",
    changedMeanwhile:
      "Die Nachricht oder ihre Kampagne hat sich inzwischen geändert: Lade die Seite neu und versuch es noch einmal.",
    campaignChangedMeanwhile:
      "Die Kampagne hat sich inzwischen geändert: Lade die Seite neu und versuch es noch einmal.",
    resendFailed: "Die Nachricht ließ sich nicht noch einmal senden: Lade die Seite neu und versuch es noch einmal.",
    cannotCancel: "Diese Kampagne lässt sich gerade nicht abbrechen. Lade die Seite neu, um zu sehen, wo sie steht.",
    imageGone:
      "Das Bild {{name}} dieser Nachricht ist nicht mehr gespeichert (Uploads werden {{days}} Tage nach der Zeit einer fehlgeschlagenen Nachricht entfernt): Plane eine neue Nachricht und häng das Bild noch einmal an.",
    fileGone:
      "Die Datei {{name}} dieser Nachricht ist nicht mehr gespeichert (Uploads werden {{days}} Tage nach der Zeit einer fehlgeschlagenen Nachricht entfernt): Plane eine neue Nachricht und häng die Datei noch einmal an.",
    nothingLeftToChange: "Diese Kampagne ist abgeschlossen: Sie hat keine Nachricht mehr, die sich ändern ließe."
  },
  CampaignQuotaExceeded: {
    campaigns:
      "Mit dieser Kampagne hättest du {{campaigns}} offene Kampagnen, erlaubt sind {{campaignLimit}}. Brich eine Kampagne ab oder warte, bis einige gesendet sind.",
    messages:
      "Mit dieser Kampagne hättest du {{messages}} ausstehende Nachrichten, erlaubt sind {{messageLimit}}. Brich eine Kampagne ab, lösch Nachrichten oder warte, bis einige gesendet sind.",
    both: "Mit dieser Kampagne hättest du {{campaigns}} offene Kampagnen (erlaubt sind {{campaignLimit}}) und {{messages}} ausstehende Nachrichten (erlaubt sind {{messageLimit}}). Brich eine Kampagne ab, lösch Nachrichten oder warte, bis einige gesendet sind."
  },
  InvalidApiKey: {
    name: "Gib dem Schlüssel einen Namen mit 1 bis {{max}} Zeichen.",
    expiresAt: "Wähl ein Ablaufdatum in der Zukunft."
  },
  ApiKeyNotFound: "Dieser API-Schlüssel wurde nicht gefunden. Lade die Liste neu.",
  ApiKeyLimitReached_one:
    "Du hast schon {{count, number}} API-Schlüssel in Gebrauch. Widerruf zuerst einen, den du nicht mehr brauchst.",
  ApiKeyLimitReached_other:
    "Du hast schon {{count, number}} API-Schlüssel in Gebrauch. Widerruf zuerst einen, den du nicht mehr brauchst.",
  TooManyBadApiKeys_one:
    "Zu viele ungültige API-Schlüssel von deiner Adresse. Versuch es in {{count, number}} Minute wieder.",
  TooManyBadApiKeys_other:
    "Zu viele ungültige API-Schlüssel von deiner Adresse. Versuch es in {{count, number}} Minuten wieder.",
  InvalidWebhookEndpoint: {
    urlTooLong: "Die Adresse ist länger als {{max}} Zeichen.",
    urlNotAddress: "Das ist keine Webadresse (sie sollte mit https:// beginnen).",
    urlHttpsOrHttp: "Die Adresse muss mit https:// oder http:// beginnen.",
    urlHttpsOnly: "Die Adresse muss mit https:// beginnen (einfaches http wird abgelehnt).",
    urlCredentials: "Die Adresse darf keinen Benutzernamen und kein Passwort enthalten.",
    urlFragment: "Die Adresse darf kein #Fragment enthalten.",
    urlPrivate: "Die Adresse führt zu diesem Server oder in ein privates Netz, das Herald nicht aufruft.",
    noEvents: "Wähl mindestens ein Ereignis, das gesendet wird."
  },
  WebhookEndpointNotFound: "Dieser Webhook-Endpunkt wurde nicht gefunden. Lade die Liste neu.",
  WebhookEndpointLimitReached_one:
    "Du hast schon {{count, number}} Webhook-Endpunkt. Lösch zuerst einen, den du nicht mehr brauchst.",
  WebhookEndpointLimitReached_other:
    "Du hast schon {{count, number}} Webhook-Endpunkte. Lösch zuerst einen, den du nicht mehr brauchst.",
  TooManyWebhookPings_one: "Du hast Test-Pings zu schnell gesendet. Versuch es in {{count, number}} Sekunde wieder.",
  TooManyWebhookPings_other: "Du hast Test-Pings zu schnell gesendet. Versuch es in {{count, number}} Sekunden wieder.",
  csv: {
    unknownZone: "Die Zeitzone {{zone}} kennt Herald nicht: Wähl eine Zone nach ihrem Ort, etwa Europe/Berlin.",
    tooManyRows:
      "Zu viele Zeilen: Eine Kampagne hat höchstens {{max}} Nachrichten, deshalb wurden diese Zeile und die folgenden nicht gelesen.",
    quoteNotClosed:
      'Ein Text in Anführungszeichen ist nicht geschlossen: Ein " fehlt (schreib ein " innerhalb eines Texts in Anführungszeichen als "").',
    quoteNotAtEnd:
      'Ein Text in Anführungszeichen muss direkt vor einem Komma oder am Zeilenende enden (schreib ein " darin als "" und setz den ganzen Text in Anführungszeichen).',
    columns: "3 Spalten erwartet (Datum,Uhrzeit,Text), {{found}} gefunden.",
    columnsCommas:
      "3 Spalten erwartet (Datum,Uhrzeit,Text), {{found}} gefunden: Setz einen Text mit Kommas in doppelte Anführungszeichen.",
    columnsSemicolons:
      "3 Spalten erwartet (Datum,Uhrzeit,Text), {{found}} gefunden: Trenn die Spalten mit Kommas, nicht mit Semikolons.",
    dateSlashed:
      "Datum {{value}}: Schreib Daten als JJJJ-MM-TT (2027-03-28), denn Tag/Monat und Monat/Tag sehen gleich aus.",
    dateInvalid: "Datum {{value}} ist kein Datum im Format JJJJ-MM-TT.",
    timeInvalid: "Uhrzeit {{value}} ist keine Uhrzeit im Format HH:MM (00:00 bis 23:59).",
    textEmpty: "Der Text ist leer.",
    textUnreadable:
      "Der Text enthält Zeichen, die sich nicht lesen ließen: Speichere die Datei als „CSV UTF-8“ und importiere sie noch einmal.",
    textTooLong: "Der Text ist {{length}} Zeichen lang, eine Nachricht darf höchstens {{max}} haben.",
    past: "{{scheduledAt}} liegt in der Vergangenheit.",
    noMessages: "Die Datei enthält keine Nachrichten.",
    dstGap: "{{written}} gibt es an diesem Tag nicht (die Uhren werden vorgestellt): gesendet um {{sent}}.",
    dstTwice: "{{written}} gibt es an diesem Tag zweimal (die Uhren werden zurückgestellt): gesendet beim ersten Mal."
  },
  GatewayError: {
    Unreachable: "Das WhatsApp-Gateway war nicht erreichbar.",
    Timeout: "Das WhatsApp-Gateway hat nicht rechtzeitig geantwortet.",
    Unauthorized: "Das WhatsApp-Gateway hat Heralds Zugangsdaten abgelehnt.",
    SessionNotFound: "Das WhatsApp-Gateway kennt diese WhatsApp-Verbindung nicht.",
    SessionNotRunning:
      "Die WhatsApp-Verbindung ist auf dem Gateway gestoppt: Verbinde sie neu oder starte sie zuerst neu.",
    SessionNotReady:
      "Das WhatsApp-Gateway hat abgelehnt: Die WhatsApp-Verbindung ist nicht in einem Zustand, der das erlaubt.",
    SessionNotReadyStatus:
      "Das WhatsApp-Gateway hat abgelehnt: {{sessionStatus}}. Öffne die WhatsApp-Seite, um zu sehen, was sie braucht.",
    SessionAlreadyExists: "Das WhatsApp-Gateway hat schon eine Verbindung dieses Namens.",
    SessionAlreadyStarted: "Die WhatsApp-Verbindung läuft auf dem Gateway schon.",
    NamedSessionsUnsupported:
      "Das WhatsApp-Gateway erlaubt nur eine Verbindung, Herald braucht aber eine pro Person. Bitte die Person, die Herald betreut, WAHA auf 2026.6.1 oder neuer zu aktualisieren.",
    FeatureUnsupported:
      "Das WhatsApp-Gateway kann das nicht: Seine Engine oder Version bietet es nicht an (etwa alle erwähnen oder Umfragen).",
    NumberLimited: "WhatsApp schränkt diese Nummer gerade ein und hat die Nachricht nicht angenommen.",
    ServerError: "Das WhatsApp-Gateway hat mit einem Fehler geantwortet.",
    Refused: "Das WhatsApp-Gateway hat die Anfrage abgelehnt.",
    BadResponse: "Das WhatsApp-Gateway hat in einer Form geantwortet, die Herald nicht lesen konnte."
  }
}
