import { useMutation } from "@tanstack/react-query"
import type { FormEvent } from "react"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import type { CampaignMessage } from "../campaignView.ts"
import { gapText, instantFromLocal } from "../campaignView.ts"
import { errorCode, errorText, fieldErrors, useTRPC } from "../trpc.ts"
import { unreadableClock, unreadableDate } from "../ui/fieldText.ts"
import { viewerTimeZone } from "../ui/format.ts"
import { Alert, Button } from "../ui/kit.tsx"
import { ClockField, DateField } from "../ui/PageFormatFields.tsx"
import { formZoneHint, passedText } from "./planWords.ts"
import { useRefreshCampaign } from "./useRefreshCampaign.ts"
import { currentZoneName } from "./zoneFormat.ts"

/**
 * The "send again" question: now, or at a date and time the user gives (in their zone). A new
 * message goes out; this one keeps what happened to it. Nothing is ever sent again by itself.
 */
export const ResendMessage = ({
  campaignId,
  message,
  timeZone,
  onKeep,
  onResent
}: {
  readonly campaignId: string
  readonly message: CampaignMessage
  /** the campaign's zone, the date and time are read in; null: the viewer's (a campaign before plans were kept) */
  readonly timeZone: string | null
  readonly onKeep: () => void
  /** after the refresh, with the new message's id */
  readonly onResent: (id: string) => void
}) => {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const refresh = useRefreshCampaign(campaignId)
  // by today's name (Asia/Calcutta → Asia/Kolkata), as its sentences name it
  const zone = timeZone ?? currentZoneName(viewerTimeZone)
  const [date, setDate] = useState("")
  const [time, setTime] = useState("")
  const [local, setLocal] = useState<string | undefined>(undefined)
  // text a field could not read, named at that field
  const [unread, setUnread] = useState<{ date: string | null; time: string | null }>({ date: null, time: null })
  const resend = useMutation(
    trpc.campaign.resendMessage.mutationOptions({
      onSuccess: async ({ id }) => {
        await refresh()
        onResent(id)
      },
      onError: async (error) => {
        if (errorCode(error) === "CONFLICT") await refresh()
      }
    })
  )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const fields = { date: unreadableDate(date), time: unreadableClock(time) }
    setUnread(fields)
    if (fields.date !== null || fields.time !== null) return setLocal(undefined)
    if (date === "" && time === "") {
      setLocal(undefined)
      return resend.mutate({ campaignId, messageId: message.id })
    }
    const at = instantFromLocal(date, time, zone)
    const problem =
      at._tag === "Invalid"
        ? t("message.validWhenOrNow")
        : at._tag === "Gap"
          ? gapText(zone)
          : Date.parse(at.iso) <= Date.now()
            ? t("message.chooseLaterOrNow", { reason: passedText(Date.parse(at.iso), zone) })
            : undefined
    setLocal(problem)
    if (problem !== undefined || at._tag !== "Instant") return
    resend.mutate({ campaignId, messageId: message.id, scheduledAt: at.iso })
  }
  const server = resend.error
  const whenError =
    local ??
    fieldErrors(server)["scheduledAt"] ??
    (errorCode(server) === "BAD_REQUEST" && /already passed/i.test(errorText(server))
      ? t("message.chooseLaterTime", { reason: errorText(server) })
      : undefined)
  const general = server !== null && whenError === undefined ? errorText(server) : null
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t("message.resendForm")}
      className="mt-3 space-y-3 rounded-md border border-sky-300 bg-sky-50 p-3 text-sm text-slate-900"
    >
      {general !== null ? <Alert>{general}</Alert> : null}
      <p>{t("message.resendQuestion")}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <DateField
          label={t("message.date")}
          value={date}
          error={(unread.date === null ? null : unreadableDate(date)) ?? whenError}
          onChange={setDate}
        />
        <ClockField
          label={t("message.time")}
          value={time}
          // once named, said until it reads
          error={unread.time === null ? null : unreadableClock(time)}
          hint={t("message.resendHint", { zone: formZoneHint(timeZone, viewerTimeZone) })}
          onChange={setTime}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" className="px-3 py-1" disabled={resend.isPending}>
          {resend.isPending
            ? t("message.sendingAgain")
            : date === "" && time === ""
              ? t("message.againNow")
              : t("message.againThen")}
        </Button>
        <Button variant="secondary" className="px-3 py-1" disabled={resend.isPending} onClick={onKeep}>
          {t("message.keepAsIs")}
        </Button>
      </div>
    </form>
  )
}
