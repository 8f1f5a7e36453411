import { useMutation } from "@tanstack/react-query"
import type { FormEvent } from "react"
import { useState } from "react"
import { alreadyPassed } from "../../../domain/campaign/pastTime.ts"
import type { CampaignMessage } from "../campaignView.ts"
import { gapText, instantFromLocal } from "../campaignView.ts"
import { errorCode, errorText, fieldErrors, useTRPC } from "../trpc.ts"
import { viewerTimeZone } from "../ui/format.ts"
import { Alert, Button, TextField } from "../ui/kit.tsx"
import { onViewerClock } from "../ui/viewerClock.ts"
import { formZoneHint } from "./planWords.ts"
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
  const trpc = useTRPC()
  const refresh = useRefreshCampaign(campaignId)
  // by today's name (Asia/Calcutta → Asia/Kolkata), as its sentences name it
  const zone = timeZone ?? currentZoneName(viewerTimeZone)
  const [date, setDate] = useState("")
  const [time, setTime] = useState("")
  const [local, setLocal] = useState<string | undefined>(undefined)
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
    if (date === "" && time === "") {
      setLocal(undefined)
      return resend.mutate({ campaignId, messageId: message.id })
    }
    const at = instantFromLocal(date, time, zone)
    const problem =
      at._tag === "Invalid"
        ? "Give a valid date and time, or leave both empty to send it now."
        : at._tag === "Gap"
          ? gapText(zone)
          : Date.parse(at.iso) <= Date.now()
            ? onViewerClock(
                `${alreadyPassed(Date.parse(at.iso), zone, Date.now())} Choose a later time, or leave both empty to send it now.`
              )
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
      ? `${errorText(server)} Choose a later time.`
      : undefined)
  const general = server !== null && whenError === undefined ? errorText(server) : null
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Send this message again"
      className="mt-3 space-y-3 rounded-md border border-sky-300 bg-sky-50 p-3 text-sm text-slate-900"
    >
      {general !== null ? <Alert>{general}</Alert> : null}
      <p>
        Send this text again to the group, as a new message? This one keeps what happened to it. If the message may have
        arrived after all, check the group first: nothing can take back a duplicate.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Date" type="date" value={date} error={whenError} onChange={(e) => setDate(e.target.value)} />
        <TextField
          label="Time"
          type="time"
          value={time}
          hint={`Leave both empty to send it now. ${formZoneHint(timeZone, viewerTimeZone)}`}
          onChange={(e) => setTime(e.target.value)}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" className="px-3 py-1" disabled={resend.isPending}>
          {resend.isPending
            ? "Sending again…"
            : date === "" && time === ""
              ? "Send it again now"
              : "Send it again then"}
        </Button>
        <Button variant="secondary" className="px-3 py-1" disabled={resend.isPending} onClick={onKeep}>
          Keep as is
        </Button>
      </div>
    </form>
  )
}
