import type { RefusalCatalog } from "./RefusalCatalog.ts"

// The server's refusals in English, the reference of the other catalogs (refusalWords.ts): the
// keys, {{values}} and plural forms each translation has, with the meaning and next step of each
// error's own `message`, which API callers, the log and readers of English read. Keys: an error's
// tag, then its code; {{values}} are its params, a time already in words.
export const en: RefusalCatalog = {
  withErrorId: "{{text}} (error id {{id}})",
  withHttp: "{{text}} (HTTP {{status}})",
  /** a zone by its place, as the browser app's pages name it */
  zone: "{{place}} time",
  unexpected:
    "Something went wrong on our side (error id {{id}}). Try again in a moment; if it keeps happening, tell your administrator this id.",
  signInFirst: "Sign in first.",
  awaitingApproval: "Your account is waiting for an administrator's approval.",
  readOnlyKey: "This key can only read.",
  adminsOnly: "Only administrators can do this.",
  notWithKey: "An API key cannot be used for this: sign in to Herald in the browser to manage your account and keys.",
  StoreUnavailable: "Herald cannot reach its database right now. Try again in a moment.",
  messageState: {
    NEW: "it is still being planned",
    SCHEDULED: "it is still waiting to be sent",
    PICKED: "it is being sent right now",
    SENT: "it was sent",
    FAILED: "it failed",
    OUTCOME_UNKNOWN: "whether it went out is unknown",
    MISSED: "it was missed",
    DELETED: "it was deleted",
    CANCELLED: "it was cancelled with its campaign",
    PAUSED: "it is paused with its campaign: resume sending first",
    SKIPPED: "it was skipped while the campaign was paused"
  },
  gatewayFeature: {
    polls: "Polls",
    mentionAll: "Mentioning everyone",
    media: "Images and files",
    mentionOnMedia: "Mentioning everyone on an image or file",
    channels: "Posting to WhatsApp channels",
    channelPolls: "Polls in WhatsApp channels",
    status: "Posting a Status",
    statusChosen: "A Status to chosen contacts",
    statusAll: "A Status to all contacts"
  },
  /** a WhatsApp connection's state, as a clause (the WhatsApp page's words for it) */
  sessionState: {
    WORKING: "the WhatsApp connection is connected, but was not ready for this",
    SCAN_QR_CODE: "the WhatsApp connection is waiting for its QR code to be scanned",
    STARTING: "the WhatsApp connection is still starting",
    STOPPED: "the WhatsApp connection is stopped",
    FAILED: "the WhatsApp connection has failed",
    PASSKEY_REQUIRED: "the WhatsApp connection is waiting for a passkey on the phone",
    PASSKEY_CONFIRMATION_REQUIRED: "the WhatsApp connection is waiting for the passkey to be confirmed on the phone",
    OTHER: "the WhatsApp connection is in a state that does not allow it"
  },
  userStatus: {
    ACTIVE: "active",
    PENDING: "waiting for approval",
    REJECTED: "declined",
    DISABLED: "disabled"
  },
  InvalidCredentials: "Wrong e-mail or password.",
  TooManySignInAttempts: {
    signIns_one: "Too many failed sign-ins. Try again in {{count, number}} minute.",
    signIns_other: "Too many failed sign-ins. Try again in {{count, number}} minutes.",
    signUps_one: "Too many sign-ups. Try again in {{count, number}} minute.",
    signUps_other: "Too many sign-ups. Try again in {{count, number}} minutes.",
    resetRequests_one: "Too many password reset requests. Try again in {{count, number}} minute.",
    resetRequests_other: "Too many password reset requests. Try again in {{count, number}} minutes.",
    linkTries_one: "Too many failed tries of this link. Try again in {{count, number}} minute.",
    linkTries_other: "Too many failed tries of this link. Try again in {{count, number}} minutes."
  },
  EmailAlreadyRegistered: "An account with this e-mail address already exists.",
  InvalidResetToken: "This password reset link is invalid or has expired.",
  InvalidVerificationToken: "This verification link is invalid, already used or expired. Sign up again for a new one.",
  VerificationPasswordMismatch:
    "This link belongs to a sign-up with another password. If you did not make it, sign up again and follow the newest link with your password.",
  EmailNotVerified:
    "Confirm your e-mail address first: follow the link in the mail we sent you (or sign up again for a new link).",
  AccountDisabled: {
    address: "This account was disabled by the administrator. Ask {{admin}} to enable it again.",
    noAddress: "This account was disabled by the administrator. Ask your Herald administrator to enable it again."
  },
  AccountRejected: {
    address:
      "Your request for an account was declined by the administrator. Ask {{admin}} if you think this is a mistake.",
    noAddress:
      "Your request for an account was declined by the administrator. Ask your Herald administrator if you think this is a mistake."
  },
  ProtectedAccount: {
    self: "You cannot disable or decline your own account: another administrator would have to.",
    adminEmail: "This is the administrator account set in Herald's configuration. It cannot be disabled or declined."
  },
  UserStatusConflict: {
    approve: "This account cannot be approved: it is {{userStatus}} now. Reload the list.",
    decline: "This account cannot be declined: it is {{userStatus}} now. Reload the list.",
    disable: "This account cannot be disabled: it is {{userStatus}} now. Reload the list.",
    enable: "This account cannot be enabled: it is {{userStatus}} now. Reload the list."
  },
  InvalidPreferences: {
    timeZone: "This time zone is not known. Choose a zone by its place, like Europe/Berlin or America/New_York.",
    locale: "This language setting is not known. Use a tag like en-US or de-DE."
  },
  UserNotFound: "This account no longer exists. Reload the list.",
  MessagingSessionNotFound: "This WhatsApp connection was not found. Open the WhatsApp page and connect again.",
  CampaignNotFound: "This campaign was not found. It may have been deleted; go back to your campaigns.",
  CampaignMessageNotFound: "This message is not in this campaign any more. Reload the page.",
  MediaNotFound: "The image or file was not found. Upload it again.",
  UnsupportedMediaType: {
    unrecognised:
      "The type of this file could not be recognised. Herald takes JPEG, PNG, WebP or GIF images and PDF, Word, Excel, PowerPoint or OpenDocument files, at most 16 MB.",
    type: "Files of type {{value}} cannot be sent. Herald takes JPEG, PNG, WebP or GIF images and PDF, Word, Excel, PowerPoint or OpenDocument files, at most 16 MB."
  },
  media: {
    stalled: "The file stopped arriving for a minute. Check your connection and try again.",
    tooManyUploads_one:
      "You have started {{limit}} uploads in the last minute, the most Herald takes. Try again in {{count, number}} second.",
    tooManyUploads_other:
      "You have started {{limit}} uploads in the last minute, the most Herald takes. Try again in {{count, number}} seconds."
  },
  MediaTooLarge: "The file is larger than 16 MB, the most WhatsApp takes.",
  MediaQuotaExceeded:
    "You already keep {{files}} files or {{megabytes}} MB of images and files. They are removed once their messages are sent or cancelled (unused uploads after a day): try again then, or cancel a campaign.",
  SessionCreationFailed: {
    plain: "The WhatsApp connection could not be created. Try again in a moment.",
    namedSessionsUnsupported:
      "The WhatsApp connection could not be created: the messaging gateway allows only one connection, and Herald needs one per person. Ask your administrator to upgrade WAHA to 2026.6.1 or later."
  },
  InvalidCampaign: {
    pastTime: "{{scheduledAt}} has already passed.",
    allPast: "{{lastAt}} has already passed. Every message of this plan is in the past: choose later dates.",
    allPastNoLast: "Every message of this plan is in the past: choose later dates.",
    futurePastTime:
      "{{scheduledAt}} has already passed. Choose a later time: the first message to change would be sent then.",
    copyPastTime: "{{scheduledAt}} has already passed. Choose a later start date.",
    unknownTimeZone: "Herald does not know the time zone {{zone}}. Choose a zone by its place, like Europe/Berlin.",
    emptyContent: "Write the text of the message.",
    tooLong: "A message may hold at most {{max}} characters: shorten the text.",
    tooManyMessages: "A campaign may hold at most {{max}} messages, and this plan makes {{count, number}}: plan fewer.",
    tooManyCopies:
      "This plan makes {{count, number}} messages for each of {{groups}} groups ({{copies}} in all), and a campaign may hold at most {{max}}: plan fewer messages or choose fewer groups.",
    noMessages: "Plan at least one message.",
    noTargets: "Choose at least one group.",
    duplicateTarget: "This group is already target {{position}}: choose each group once.",
    groupIdRequired: "Choose the group from the list.",
    targetsOrGroup: "Choose the groups to send to.",
    targetsAndGroup: "Choose the groups in one place: one group or a list of groups, not both.",
    messagesOrRecurrence: "Plan either messages with their own times or a repeating message, not both.",
    invalidDate: "Give the date as year-month-day, like 2026-12-01.",
    invalidSendTime: "Give the time of day as hours and minutes (00:00 to 23:59).",
    endBeforeStart: "The last day must not be before the first day.",
    emptyTemplate: "Write the text of the messages.",
    recurrenceTooLong:
      "This plan makes more than {{max}} messages, the most a campaign may hold: choose an earlier last day.",
    pollMentionOwn:
      "A poll cannot mention everyone (WhatsApp sends polls without mentions): turn “mention everyone” off for it.",
    pollMentionCampaign:
      "A poll cannot mention everyone (WhatsApp sends polls without mentions): turn “mention everyone” off for the campaign, or on for its text messages only.",
    pollMention: "A poll cannot mention everyone (WhatsApp sends polls without mentions): turn “mention everyone” off.",
    pollWithMedia: "A poll cannot carry an image or file: send the image as a message of its own.",
    notAPoll: "This message is a text, not a poll, and a text cannot become a poll: plan a new message.",
    channelMention:
      "Mentioning everyone works in groups only: a WhatsApp channel has followers, not members to mention. Turn “mention everyone” off, or send this message to groups only.",
    channelFile:
      "WhatsApp channels take text, images, videos and polls, not documents: send this file to groups only, or share it in a channel as an image or a link.",
    channelNotListed:
      "{{name}} is not among the WhatsApp channels this number owns or administers: choose a channel from the list again.",
    channelFollowed:
      "This number only follows {{name}}, and only its owner and admins may post there: choose a channel this number owns or administers.",
    statusStyleMisplaced: "A colour, font and chosen contacts belong to your Status only, not to a group.",
    statusPoll: "A poll cannot be posted to your Status: send it to groups only, or make it a text.",
    statusFile: "A Status can show an image, not a file: attach an image, or send the file to groups only.",
    statusMention:
      "Mentioning everyone works in groups only, not on your Status: turn “mention everyone” off, or leave your Status out of this campaign.",
    nothingToCopy: "This campaign has no message left to copy.",
    notRepeating: "Only a repeating campaign can change every future message at once: edit its messages one by one.",
    nothingToChange: "Give a new time of day or a new text.",
    partsDiffer_one:
      "Each day of this campaign sends {{count, number}} message, but the new text makes {{now}}: keep no line holding only ---, or plan a new campaign.",
    partsDiffer_other:
      "Each day of this campaign sends {{count, number}} messages, but the new text makes {{now}}: keep the text in {{count, number}} parts, split by lines holding only ---, or plan a new campaign.",
    noFutureMessage: "This campaign has no message left to send: nothing to change.",
    pollOptionCount: "A poll needs {{min}} to {{max}} options, and this one has {{count, number}}.",
    pollOptionEmpty: "Write this option, or remove it.",
    pollOptionTooLong: "An option may hold at most {{max}} characters: shorten it.",
    pollOptionTwice: "The options must differ: {{option}} is there twice.",
    statusColour: "Write the background colour as #rrggbb, like #38b42f.",
    statusFont: "Choose one of the fonts offered ({{fonts}}).",
    statusNoContacts: "Choose at least one contact to see the Status, or let all your contacts see it.",
    statusTooManyContacts:
      "A Status may go to at most {{max}} chosen contacts, and this one has {{count, number}}: let all your contacts see it instead.",
    statusNotContact: "This is not a WhatsApp contact: pick contacts from your list.",
    statusContactTwice: "This contact is chosen twice.",
    statusAllContactsOnly:
      "On this WhatsApp gateway a Status goes to all your contacts (as your phone's Status privacy says): choose all contacts.",
    pacedTooMany:
      "This WhatsApp number is paced (at least {{gap}} s between messages, plus up to {{jitter}} s): of messages due together only {{sure}} are sure to go within the 2 minutes, and the one at {{lateAt}} would be number {{position}} in line. Space the messages out, or lower the pacing on the WhatsApp page.",
    pacedTooManyGroups:
      "This WhatsApp number is paced (at least {{gap}} s between messages, plus up to {{jitter}} s): of messages due together only {{sure}} are sure to go within the 2 minutes, and the one at {{lateAt}} would be number {{position}} in line (each message goes to {{groups}} groups). Space the messages out, choose fewer groups, or lower the pacing on the WhatsApp page.",
    copyMessage: "Message {{copyPosition}} of the copy: {{reason}}",
    planNotTaken: "Herald could not take this plan as it is: reload the page and plan it again.",
    engineCannot:
      "{{feature}}: this WhatsApp connection's engine ({{engine}}) does not offer it. Leave it out, or ask your administrator for a WAHA engine that does.",
    engineUnnamed:
      "{{feature}}: this WhatsApp connection's engine does not say which it is, so Herald cannot rely on it. Leave it out, or ask your administrator for a WAHA engine that offers it (NOWEB, GOWS or WEBJS).",
    mediaVersionTooOld:
      "{{feature}}: the messaging gateway (WAHA {{version}}) offers it from WAHA {{since}} on, or in WAHA Plus. Send a text instead, or ask your administrator to upgrade.",
    versionTooOld:
      "{{feature}}: the messaging gateway (WAHA {{version}}) offers it from WAHA {{since}} on. Leave it out, or ask your administrator to upgrade."
  },
  InvalidSessionPacing: {
    pacingRange: "Give a whole number of seconds from 0 to {{max}}.",
    pacingJitterNeedsGap: "A random extra needs a gap: set a gap, or set the extra to 0.",
    pacingTooLong:
      "The gap and the random extra together may be at most {{max}} seconds (the 2 minutes in which a due message must go)."
  },
  CampaignConflict: {
    alreadyCompleted: "This campaign has already finished.",
    alreadyCancelled: "This campaign is already cancelled.",
    messageLocked: "This message can no longer be changed: {{state}}.",
    messageNotDeletable: "This message can no longer be deleted: {{state}}.",
    finished: "This campaign has finished: every message has gone or was skipped.",
    cancelled: "This campaign was cancelled: nothing more is sent.",
    failedNoPause:
      "This campaign has failed, so it cannot be paused. Cancel it to stop the messages still planned, or send the failed ones again.",
    failedNoResume:
      "This campaign has failed and none of its messages is paused: there is nothing to resume. Send the failed ones again, or cancel it.",
    noMessagesYet: "This campaign has no messages yet.",
    alreadyPaused: "This campaign is already paused.",
    notPaused: "This campaign is not paused: its messages are sent at their times.",
    cannotPause: "This campaign cannot be paused now. Reload the page to see where it stands.",
    cannotResume: "This campaign cannot be resumed now. Reload the page to see where it stands.",
    notResendable:
      "Only a message that failed, was missed, was skipped or whose outcome is unknown can be sent again, and {{state}}.",
    alreadyResent:
      "This message was already sent again, and that copy still stands: send the copy again if it did not go out.",
    resendWhilePaused: "Some messages of this campaign are paused: resume sending first, then send this message again.",
    nothingToResend: "This campaign has no messages to send again yet.",
    changedMeanwhile: "The message or its campaign changed meanwhile: reload the page and try again.",
    campaignChangedMeanwhile: "The campaign changed meanwhile: reload the page and try again.",
    resendFailed: "The message could not be sent again: reload the page and try again.",
    cannotCancel: "This campaign cannot be cancelled now. Reload the page to see where it stands.",
    imageGone:
      "The image {{name}} of this message is no longer kept (uploads go {{days}} days after a failed message's time): plan a new message with the image attached again.",
    fileGone:
      "The file {{name}} of this message is no longer kept (uploads go {{days}} days after a failed message's time): plan a new message with the file attached again.",
    nothingLeftToChange: "This campaign is finished: it has no message left to change."
  },
  CampaignQuotaExceeded: {
    campaigns:
      "This campaign would bring your open campaigns to {{campaigns}}, and the limit is {{campaignLimit}}. Cancel a campaign, or wait until some are sent.",
    messages:
      "This campaign would bring your pending messages to {{messages}}, and the limit is {{messageLimit}}. Cancel a campaign or delete messages, or wait until some are sent.",
    both: "This campaign would bring your open campaigns to {{campaigns}} (the limit is {{campaignLimit}}) and your pending messages to {{messages}} (the limit is {{messageLimit}}). Cancel a campaign or delete messages, or wait until some are sent."
  },
  InvalidApiKey: {
    name: "Give the key a name of 1 to {{max}} characters.",
    expiresAt: "Choose an expiry in the future."
  },
  ApiKeyNotFound: "This API key was not found. Reload the list.",
  ApiKeyLimitReached_one: "You already have {{count, number}} API key in use. Revoke one you no longer need first.",
  ApiKeyLimitReached_other: "You already have {{count, number}} API keys in use. Revoke one you no longer need first.",
  TooManyBadApiKeys_one: "Too many invalid API keys from your address. Try again in {{count, number}} minute.",
  TooManyBadApiKeys_other: "Too many invalid API keys from your address. Try again in {{count, number}} minutes.",
  InvalidWebhookEndpoint: {
    urlTooLong: "The address is longer than {{max}} characters.",
    urlNotAddress: "That is not a web address (it should start with https://).",
    urlHttpsOrHttp: "The address must start with https:// or http://.",
    urlHttpsOnly: "The address must start with https:// (plain http is refused).",
    urlCredentials: "The address must not hold a user name or password.",
    urlFragment: "The address must not hold a #fragment.",
    urlPrivate: "The address leads to this server or a private network, which Herald does not call.",
    noEvents: "Choose at least one event to send."
  },
  WebhookEndpointNotFound: "This webhook endpoint was not found. Reload the list.",
  WebhookEndpointLimitReached_one:
    "You already have {{count, number}} webhook endpoint. Delete one you no longer need first.",
  WebhookEndpointLimitReached_other:
    "You already have {{count, number}} webhook endpoints. Delete one you no longer need first.",
  TooManyWebhookPings_one: "You sent test pings too quickly. Try again in {{count, number}} second.",
  TooManyWebhookPings_other: "You sent test pings too quickly. Try again in {{count, number}} seconds.",
  csv: {
    unknownZone: "Herald does not know the time zone {{zone}}: choose a zone by its place, like Europe/Berlin.",
    tooManyRows:
      "Too many rows: a campaign holds at most {{max}} messages, so this row and the ones after it were not read.",
    quoteNotClosed: 'A quoted text is not closed: a " is missing (write a " inside a quoted text as "").',
    quoteNotAtEnd:
      'A quoted text must end right before a comma or the end of its line (write a " inside a quoted text as "", and put the whole text in quotes).',
    columns: "Expected 3 columns (date,time,text), found {{found}}.",
    columnsCommas:
      "Expected 3 columns (date,time,text), found {{found}}: put a text that holds commas in double quotes.",
    columnsSemicolons:
      "Expected 3 columns (date,time,text), found {{found}}: separate the columns with commas, not semicolons.",
    dateSlashed:
      "Date {{value}}: write dates as YYYY-MM-DD (2027-03-28), since day/month and month/day orders read alike.",
    dateInvalid: "Date {{value}} is not a date as YYYY-MM-DD.",
    timeInvalid: "Time {{value}} is not a time as HH:MM (00:00 to 23:59).",
    textEmpty: "The text is empty.",
    textUnreadable:
      "The text holds characters that could not be read: save the file as “CSV UTF-8” and import it again.",
    textTooLong: "The text is {{length}} characters long, and a message holds at most {{max}}.",
    past: "{{scheduledAt}} is in the past.",
    noMessages: "The file holds no messages.",
    dstGap: "{{written}} does not exist that day (the clocks go forward): sent at {{sent}}.",
    dstTwice: "{{written}} happens twice that day (the clocks go back): sent at the first."
  },
  GatewayError: {
    Unreachable: "The messaging gateway could not be reached.",
    Timeout: "The messaging gateway did not answer in time.",
    Unauthorized: "The messaging gateway rejected Herald's credentials.",
    SessionNotFound: "The messaging gateway does not know this WhatsApp connection.",
    SessionNotRunning: "The WhatsApp connection is stopped on the gateway: reconnect or restart it first.",
    SessionNotReady: "The messaging gateway refused: the WhatsApp connection is not in a state that allows it.",
    SessionNotReadyStatus:
      "The messaging gateway refused: {{sessionStatus}}. Open the WhatsApp page to see what it needs.",
    SessionAlreadyExists: "The messaging gateway already has a connection of this name.",
    SessionAlreadyStarted: "The WhatsApp connection is already running on the gateway.",
    NamedSessionsUnsupported:
      "The messaging gateway allows only one connection, and Herald needs one per person. Ask your administrator to upgrade WAHA to 2026.6.1 or later.",
    FeatureUnsupported:
      "The messaging gateway cannot do what this asks: its engine or version does not offer it (for example mentioning everyone, or polls).",
    NumberLimited: "WhatsApp is limiting this number for now and did not take the message.",
    ServerError: "The messaging gateway answered with an error.",
    Refused: "The messaging gateway refused the request.",
    BadResponse: "The messaging gateway answered in a form Herald could not read."
  }
}
