import { useMutation } from "@tanstack/react-query"
import i18next from "i18next"
import type { FormEvent } from "react"
import { useMemo, useState } from "react"
import { useTranslation } from "react-i18next"
import { samePoll } from "../../../domain/message/Poll.ts"
import type { CampaignMessage } from "../campaignView.ts"
import { gapText, instantFromLocal, localDateAndTime } from "../campaignView.ts"
import { errorCode, errorText, fieldErrors, useTRPC } from "../trpc.ts"
import { Checkbox } from "../ui/Choice.tsx"
import { unreadableClock, unreadableDate } from "../ui/fieldText.ts"
import { viewerTimeZone } from "../ui/format.ts"
import { Alert, Button, TextArea } from "../ui/kit.tsx"
import { ClockField, DateField } from "../ui/PageFormatFields.tsx"
import { channelMentionNote, isChannel } from "./channelWords.ts"
import { PollFields } from "./PollFields.tsx"
import type { RowPoll } from "./planInput.ts"
import { formZoneHint, passedText } from "./planWords.ts"
import { useRefreshCampaign } from "./useRefreshCampaign.ts"
import { currentZoneName } from "./zoneFormat.ts"

/** Why a message can no longer be changed or deleted, in the language on screen. */
export const conflictText = (): string => i18next.t("message.conflict")

export const EditMessage = ({
  campaignId,
  message,
  timeZone,
  stillChangeable,
  onDone
}: {
  readonly campaignId: string
  readonly message: CampaignMessage
  /** the campaign's zone, the form's dates and times are read and written in; null: the viewer's (a campaign before plans were kept) */
  readonly timeZone: string | null
  readonly stillChangeable: boolean
  readonly onDone: () => void
}) => {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const refresh = useRefreshCampaign(campaignId)
  // by today's name (Asia/Calcutta → Asia/Kolkata), as its sentences name it
  const zone = timeZone ?? currentZoneName(viewerTimeZone)
  // the message as it was when the form opened (or was last reloaded): what the user edits, and
  // what a save is compared against; a poll bringing someone else's change does not move it
  const [opened, setOpened] = useState(() => ({
    content: message.content,
    scheduledAt: message.scheduledAt,
    mentionAll: message.mentionAll,
    poll: message.poll
  }))
  const initial = useMemo(() => localDateAndTime(opened.scheduledAt, zone), [opened.scheduledAt, zone])
  const [content, setContent] = useState(opened.content)
  const [date, setDate] = useState(initial.date)
  const [time, setTime] = useState(initial.time)
  const [mentionAll, setMentionAll] = useState(opened.mentionAll)
  const [poll, setPoll] = useState<RowPoll | null>(opened.poll)
  const [local, setLocal] = useState<{ content?: string; when?: string; date?: string; time?: string }>({})
  const changedMeanwhile =
    message.content !== opened.content ||
    message.scheduledAt !== opened.scheduledAt ||
    message.mentionAll !== opened.mentionAll ||
    !samePoll(message.poll, opened.poll)
  const update = useMutation(
    trpc.campaign.updateMessage.mutationOptions({
      onSuccess: async () => {
        await refresh()
        onDone()
      },
      onError: async (error) => {
        if (errorCode(error) === "CONFLICT") await refresh()
      }
    })
  )
  /** Starts the form again from the message as it is now (someone else's change included). */
  const reload = () => {
    const now = localDateAndTime(message.scheduledAt, zone)
    setOpened({
      content: message.content,
      scheduledAt: message.scheduledAt,
      mentionAll: message.mentionAll,
      poll: message.poll
    })
    setContent(message.content)
    setMentionAll(message.mentionAll)
    setPoll(message.poll)
    setDate(now.date)
    setTime(now.time)
    setLocal({})
    update.reset()
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    // saving would overwrite a change the user has not seen
    if (changedMeanwhile) return
    const contentChanged = content !== opened.content
    const timeChanged = date !== initial.date || time !== initial.time
    const mentionChanged = mentionAll !== opened.mentionAll
    const pollChanged = poll !== null && !samePoll(poll, opened.poll)
    const at = timeChanged ? instantFromLocal(date, time, zone) : null
    const problems: { content?: string; when?: string; date?: string; time?: string } = {}
    if (content.trim() === "") problems.content = t("message.writeText")
    // text a field could not read is named at that field
    const dateProblem = unreadableDate(date)
    const timeProblem = unreadableClock(time)
    if (dateProblem !== null) problems.date = dateProblem
    if (timeProblem !== null) problems.time = timeProblem
    if (dateProblem !== null || timeProblem !== null) {
      // named at its field above
    } else if (at?._tag === "Invalid") problems.when = t("message.validWhen")
    else if (at?._tag === "Gap") problems.when = gapText(zone)
    else if (at?._tag === "Instant" && Date.parse(at.iso) <= Date.now())
      problems.when = t("message.chooseLater", { reason: passedText(Date.parse(at.iso), zone) })
    setLocal(problems)
    if (Object.values(problems).some((problem) => problem !== undefined)) return
    if (!contentChanged && !timeChanged && !mentionChanged && !pollChanged) return onDone()
    update.mutate({
      campaignId,
      messageId: message.id,
      ...(contentChanged ? { content } : {}),
      ...(mentionChanged ? { mentionAll } : {}),
      ...(pollChanged ? { poll: { options: [...poll.options], multipleAnswers: poll.multipleAnswers } } : {}),
      ...(at?._tag === "Instant" ? { scheduledAt: at.iso } : {})
    })
  }
  const server = update.error
  const fields = fieldErrors(server)
  const code = errorCode(server)
  const serverText = server === null ? "" : errorText(server)
  // the server names the field it refuses (an empty text: `content`), in the reader's words
  const contentError = local.content ?? fields["content"]
  const whenError =
    local.when ??
    fields["scheduledAt"] ??
    // the server words a past time in the campaign's zone, as this form does (updateCampaignMessage.ts)
    (code === "BAD_REQUEST" && /already passed/i.test(serverText)
      ? t("message.chooseLater", { reason: serverText })
      : undefined)
  const pollError = Object.keys(fields).some((path) => path.startsWith("poll"))
  const general =
    server !== null && contentError === undefined && whenError === undefined && !pollError
      ? code === "CONFLICT"
        ? conflictText()
        : serverText
      : null
  return (
    <form onSubmit={submit} className="mt-3 space-y-3" noValidate aria-label={t("message.editForm")}>
      {general !== null ? (
        <Alert>{general}</Alert>
      ) : !stillChangeable ? (
        <Alert kind="warning">{conflictText()}</Alert>
      ) : null}
      {stillChangeable && changedMeanwhile ? (
        <Alert kind="warning">
          <p>{t("message.changedElsewhere")}</p>
          <Button variant="secondary" className="mt-2 px-3 py-1" onClick={reload}>
            {t("message.reloadForm")}
          </Button>
        </Alert>
      ) : null}
      <TextArea
        label={poll === null ? t("message.text") : t("message.question")}
        rows={Math.min(10, Math.max(3, content.split("\n").length + 1))}
        value={content}
        error={contentError}
        onChange={(e) => setContent(e.target.value)}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <DateField
          label={t("message.date")}
          value={date}
          error={(local.date === undefined ? null : unreadableDate(date)) ?? whenError}
          onChange={setDate}
        />
        <ClockField
          label={t("message.time")}
          value={time}
          // once named, said until it reads
          error={local.time === undefined ? null : unreadableClock(time)}
          hint={formZoneHint(timeZone, viewerTimeZone)}
          onChange={setTime}
        />
      </div>
      {poll === null ? (
        <Checkbox
          label={t("message.mentionAll")}
          checked={mentionAll}
          // greyed out for a channel's message, unless already on (so that it can be turned off)
          disabled={isChannel(message) && !mentionAll}
          hint={isChannel(message) ? channelMentionNote() : t("message.mentionAllHint")}
          onChange={setMentionAll}
        />
      ) : (
        <>
          <PollFields of={t("pollFields.thisPoll")} path="poll" poll={poll} errors={fields} onChange={setPoll} />
          {fields["poll"] ? <p className="text-sm text-red-800">{fields["poll"]}</p> : null}
        </>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={update.isPending || !stillChangeable || changedMeanwhile}>
          {update.isPending ? t("common.saving") : t("message.saveChanges")}
        </Button>
        <Button variant="secondary" disabled={update.isPending} onClick={onDone}>
          {t("message.discard")}
        </Button>
      </div>
    </form>
  )
}
