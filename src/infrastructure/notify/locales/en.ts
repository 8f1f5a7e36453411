import type { MailCatalog } from "./MailCatalog.ts"

// The words of the mails Herald sends, in English (mailWords.ts): to an account's owner, and the
// admin's mails and messaging notices (`admin`; `failure`, the browser app's failure.send words).
// The other three catalogs hold the same keys, {{variables}} and plural forms
// (tests/unit/notify/mailTranslations.test.ts).
export const en: MailCatalog = {
  greeting: "Hello {{name}},",
  approved: {
    subject: "Your account is approved",
    subjectAgain: "Your account is active again",
    approved: "The administrator approved your Herald account: you can now sign in and schedule messages.",
    enabledAgain:
      "The administrator enabled your Herald account again: you can sign in, and your scheduled messages are sent again.",
    signIn: "Sign in here:"
  },
  rejected: {
    subject: "Your account request was declined",
    declined: "The administrator declined your request for a Herald account, so you cannot sign in.",
    mistake: "If you think this is a mistake, ask the person who runs this Herald to enable it."
  },
  signUpAttempted: {
    subject: "Someone tried to sign up with your address",
    tried: "Someone tried to create a Herald account with this e-mail address, which already has one.",
    nothingChanged:
      'Nothing was changed. If it was you, sign in instead; if you forgot your password, use "Forgotten your password?" on the sign-in page.',
    ifYou: "If it was not you, you can ignore this e-mail."
  },
  link: {
    until: "The link works once, until {{time}}."
  },
  reset: {
    subject: "Reset your password",
    asked: "Someone (hopefully you) asked to reset the password of your Herald account.",
    open: "Open this link to choose a new password:",
    ignore: "If you did not ask for this, ignore this e-mail: your password stays as it is."
  },
  verify: {
    subject: "Confirm your e-mail address",
    asked: "Someone (hopefully you) signed up for Herald with this address.",
    open: "Open this link and enter the password you chose when signing up, to confirm it;",
    openUntil: "until then the account cannot be used:",
    ignore: "If you did not sign up, ignore this e-mail: nothing happens without the link and that password."
  },
  stopped: {
    subject: "WhatsApp stopped sending your messages: {{headline}}",
    when: "Your WhatsApp connection in Herald stopped working on {{time}}:",
    happened: "{{happened}}. Until it works again, no scheduled message can be sent through it.",
    noneDue: "No message of yours is due in the next 24 hours.",
    due: "Due in the next 24 hours ({{number}}):",
    dueLine: "- {{time}} to {{group}}: {{content}}",
    whatToDo: "What to do: {{nextStep}}",
    whatToDoBeforeDue: "What to do: {{nextStep}} Do it before the messages above are due, or they will fail.",
    details: "Details:",
    gateway: "The gateway reports the session {{session}} as {{status}}."
  },
  status: {
    SCAN_QR_CODE: {
      headline: "it needs its QR code scanned again",
      happened: "WhatsApp logged this number out of Herald, so the link has to be made again with a new QR code",
      nextStep:
        "Open the WhatsApp page in Herald and scan the QR code with WhatsApp on your phone (Settings, Linked devices, Link a device)."
    },
    STOPPED: {
      headline: "the connection stopped",
      happened: "the connection to WhatsApp stopped",
      nextStep: "Open the WhatsApp page in Herald and press Restart."
    },
    FAILED: {
      headline: "the connection failed",
      happened: "the connection to WhatsApp failed",
      nextStep:
        "Open the WhatsApp page in Herald and press Restart. If it fails again, log out there, then open the WhatsApp page in Herald and scan the QR code with WhatsApp on your phone (Settings, Linked devices, Link a device)."
    },
    STARTING: {
      headline: "the connection is restarting",
      happened: "the connection to WhatsApp is starting again",
      nextStep:
        "Usually nothing: it reconnects by itself within a minute or two. If the WhatsApp page in Herald does not say Connected after a few minutes, press Restart there."
    },
    PASSKEY_REQUIRED: {
      headline: "WhatsApp asks for a passkey",
      happened: "WhatsApp asks for a passkey before this device may send again",
      nextStep: "Follow the prompt on your phone. If there is none, open the WhatsApp page in Herald and press Restart."
    },
    PASSKEY_CONFIRMATION_REQUIRED: {
      headline: "WhatsApp asks you to confirm a passkey",
      happened: "WhatsApp asks you to confirm a passkey before this device may send again",
      nextStep: "Confirm it on your phone. If there is no prompt, open the WhatsApp page in Herald and press Restart."
    },
    OTHER: {
      headline: "the connection stopped",
      happened: "the connection to WhatsApp stopped working",
      nextStep: "Open the WhatsApp page in Herald to see what it needs; pressing Restart there usually brings it back."
    }
  },
  limited: {
    subject: "WhatsApp is limiting your number: sending is paused",
    refused: "WhatsApp refused a message from your number because it is limiting the number for now,",
    usually: "usually after many messages in a short time or messages to people who do not know the number.",
    holdsKnown:
      "Herald holds your messages until {{time}}, when WhatsApp says the limit ends, and then sends again by itself.",
    holdsUnknown:
      "WhatsApp did not say for how long. Herald holds your messages until {{time}}, then tries again by itself; if WhatsApp still refuses, it waits again.",
    noneDue: "No message of yours is due before then.",
    due_one:
      "{{count}} message is due before then: they are not sent late, they will show as missed and you can send them again.",
    due_other:
      "{{count}} messages are due before then: they are not sent late, they will show as missed and you can send them again.",
    refusedFailed: "The message that was refused shows as failed; send it again once the limit is over.",
    whatToDo:
      "What to do: nothing is needed to resume. To avoid it next time, turn on pacing on the WhatsApp page so messages go out more slowly.",
    details: "Details:",
    session: "The gateway's session {{session}}."
  },
  // a campaign's title planning made up from its targets (no one wrote one)
  campaignTitle: {
    madeUp_one: "{{name}} and 1 more",
    madeUp_other: "{{name}} and {{count}} more"
  },
  admin: {
    registration: {
      subject: "New registration: {{name}} <{{email}}>",
      subjectPending: "New registration: {{name}} <{{email}}> (waiting for approval)",
      registered: "A new account was registered.",
      name: "Name: {{name}}",
      email: "E-mail: {{email}}",
      pending:
        "Status: waiting for your approval. Approve or decline it on the Accounts page; until then it cannot use the service.",
      active: "Status: active (no approval needed). You can disable it on the Accounts page.",
      page: "Accounts page:"
    },
    resetRequested: {
      subject: "Password reset requested for {{email}}",
      requested: "A password reset was requested for the account {{email}}.",
      notHere: "The one-time link goes to that address only; it is not included here.",
      watch: "If nobody should be resetting this password, keep an eye on the account."
    },
    campaignFailed: {
      subject: "Campaign failed: {{title}}",
      failed: "A campaign failed.",
      campaign: "Campaign: {{title}}",
      group: "Group: {{name}}",
      channel: "Channel: {{name}}",
      happened: "What happened: {{sentence}}",
      whatToDo: "What to do: {{nextStep}}",
      details: "Details",
      reason: "Reason: {{reason}}",
      id: "Id: {{id}}"
    },
    alert: {
      subject: "System alert: {{text}}"
    },
    stalled: {
      subject: "No scheduler is sending messages",
      notRunning: "No scheduler seems to be running, so scheduled messages are not being sent.",
      overdue: "A message was due on {{time}} and nothing has picked it up to send it.",
      whatToDo:
        "What to do: start the scheduler (node src/interfaces/scheduler/main.ts), or check that it can reach the database.",
      missed:
        "Messages that were due while it was stopped are not sent late: their campaigns show them as missed, and their owners can send them again.",
      details: "Details:",
      message: "Message {{id}}."
    },
    messagingFailed: {
      failed: "The WhatsApp notification failed: {{why}}",
      noAdminAccount: "there is no active admin account to send it from.",
      noSession: "your admin account has no connected WhatsApp. Connect it on the WhatsApp page.",
      noDigits: "ADMIN_PHONE_NUMBER has no digits. Set it to your number, e.g. +15551234567.",
      lookupFailed: "Herald could not read its database just then.",
      gatewayError: "the WhatsApp gateway did not accept it.",
      unexpected: "something unexpected went wrong.",
      instead: "This e-mail is sent instead.",
      details: "Details: {{reason}}"
    },
    phone: {
      registration: "new registration",
      pending: "Waiting for your approval.",
      active: "Active (no approval needed).",
      campaignFailed: "campaign failed",
      whatToDo: "What to do: {{nextStep}}",
      details: "Details: {{reason}}",
      alert: "system alert",
      stalled: "no scheduler is sending messages"
    }
  },
  failure: {
    sessionSentence:
      "WhatsApp was not connected when the message was due: the phone may have been logged out or unlinked.",
    sessionNext: "Open the WhatsApp page and connect again (scan the QR code), then send the message again.",
    groupSentence: "WhatsApp could not deliver to the group: this number is no longer in it, or the group is gone.",
    groupNext: "Check on your phone that this number is still a member of the group, then send the message again.",
    channelSentence:
      "WhatsApp could not post to the channel: this number is no longer an owner or admin of the channel, or the channel is gone.",
    channelNext:
      "Check on your phone that this number still owns or administers the channel, then send the message again.",
    refusedSentence:
      "WhatsApp refused the message or is limiting this number, often after many messages in a short time.",
    refusedNext:
      "Wait a few hours before sending again, and turn on pacing on the WhatsApp page so messages go out more slowly.",
    unreachableSentence: "Herald could not reach its WhatsApp connection, so the message was not sent.",
    unreachableNext: "Tell your Herald administrator; once the connection works again, send the message again.",
    noAnswerSentence:
      "The send started, but no answer came in time, so Herald cannot tell whether the message arrived in the group.",
    noAnswerNext: "Check the group first: send it again only if the message is not there, or it will arrive twice.",
    channelNoAnswerSentence:
      "The send started, but no answer came in time, so Herald cannot tell whether the message reached the channel.",
    channelNoAnswerNext:
      "Check the channel first: send it again only if the message is not there, or it will arrive twice.",
    missedSentence:
      "The message was not sent: Herald was not running, or not able to send, within 2 minutes of its time.",
    missedNext: "It is not sent later by itself: send it again if it is still useful.",
    disabledSentence: "The message was not sent: this account was disabled by the administrator.",
    disabledNext:
      "Ask your Herald administrator to enable your account again; once they have, use Send again for the messages you still want sent.",
    otherSentence: "WhatsApp did not accept the message.",
    otherNext: "Send it again; if it fails again, tell your Herald administrator and pass on the details."
  }
}
