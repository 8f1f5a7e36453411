import { useMutation } from "@tanstack/react-query"
import type { FormEvent } from "react"
import { useEffect, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import type { CampaignDetail } from "../campaignView.ts"
import { errorText, fieldErrors, useTRPC } from "../trpc.ts"
import { unreadableClock } from "../ui/fieldText.ts"
import { Alert, Button, TextArea } from "../ui/kit.tsx"
import { ClockField } from "../ui/PageFormatFields.tsx"
import { announce } from "../ui/pageHeading.ts"
import { futureChangeOutcome, futureChangeQuestion, zoneLabel } from "./planWords.ts"
import { useRefreshCampaign } from "./useRefreshCampaign.ts"

type Plan = NonNullable<CampaignDetail["plan"]>
type Recurrence = NonNullable<Plan["recurrence"]>

/** The messages the change would touch, as the page knows them: still to be sent, of the plan (no resend). */
export const openPlannedMessages = (messages: CampaignDetail["messages"], now: number): number =>
  messages.filter(
    (m) => (m.status === "SCHEDULED" || m.status === "PAUSED") && m.resendOf === null && Date.parse(m.scheduledAt) > now
  ).length

/**
 * "Change every future message" of a repeating campaign: a new time of day (each message on its own
 * date, in the campaign's zone) and/or a new text, asked once more with how many messages change,
 * then the outcome said. One-off campaigns keep editing message by message.
 */
export const FutureMessages = ({
  campaignId,
  timeZone,
  recurrence,
  open
}: {
  readonly campaignId: string
  readonly timeZone: string
  readonly recurrence: Recurrence
  /** how many messages are still to be sent */
  readonly open: number
}) => {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const refresh = useRefreshCampaign(campaignId)
  const [stage, setStage] = useState<"closed" | "form" | "confirm">("closed")
  const [sendTime, setSendTime] = useState(recurrence.sendTime)
  const [template, setTemplate] = useState(recurrence.template)
  const [local, setLocal] = useState<string | null>(null)
  const [outcome, setOutcome] = useState<string | null>(null)
  const question = useRef<HTMLDivElement>(null)
  const opener = useRef<HTMLDivElement>(null)
  const wasOpen = useRef(false)
  const change = useMutation(
    trpc.campaign.updateFutureMessages.mutationOptions({
      onSuccess: async (result) => {
        await refresh()
        const said = futureChangeOutcome(result)
        setOutcome(said)
        announce(said)
        setStage("closed")
      },
      onError: () => setStage("form")
    })
  )
  // asked: focus on "no"; closed again: back on the button that opened the form
  useEffect(() => {
    if (stage === "confirm") question.current?.querySelector<HTMLButtonElement>("button:last-of-type")?.focus()
    if (stage === "closed" && wasOpen.current) opener.current?.querySelector("button")?.focus()
    wasOpen.current = stage !== "closed"
  }, [stage])
  const begin = () => {
    setSendTime(recurrence.sendTime)
    setTemplate(recurrence.template)
    setLocal(null)
    setOutcome(null)
    change.reset()
    setStage("form")
  }
  const changes = {
    ...(sendTime !== recurrence.sendTime ? { sendTime } : {}),
    ...(template !== recurrence.template ? { template } : {})
  }
  const review = (event: FormEvent) => {
    event.preventDefault()
    if (sendTime === "") return setLocal(t("future.chooseTime"))
    const unread = unreadableClock(sendTime)
    if (unread !== null) return setLocal(unread)
    if (template.trim() === "") return setLocal(t("future.writeText"))
    if (Object.keys(changes).length === 0) return setLocal(t("future.changeFirst"))
    setLocal(null)
    setStage("confirm")
  }
  const fields = fieldErrors(change.error)
  const timeError =
    local !== null && (local === t("future.chooseTime") || local === unreadableClock(sendTime))
      ? local
      : fields["sendTime"]
  const textError = local === t("future.writeText") ? local : fields["template"]
  const general =
    local !== null && timeError === undefined && textError === undefined
      ? local
      : change.error !== null && fields["sendTime"] === undefined && fields["template"] === undefined
        ? errorText(change.error)
        : null
  const place = zoneLabel(timeZone)
  if (stage === "closed") {
    return (
      <div ref={opener} className="mt-4 space-y-2">
        {outcome !== null ? <Alert kind="success">{outcome}</Alert> : null}
        <Button variant="secondary" onClick={begin}>
          {t("future.open")}
        </Button>
      </div>
    )
  }
  return (
    <form
      onSubmit={review}
      noValidate
      aria-label={t("future.open")}
      className="mt-4 space-y-3 rounded-md border border-sky-300 bg-sky-50 p-3 text-sm text-slate-900"
    >
      <p>{t("future.intro")}</p>
      {general !== null ? <Alert>{general}</Alert> : null}
      <div className="max-w-xs">
        <ClockField
          label={t("future.timeOfDay")}
          value={sendTime}
          error={timeError}
          disabled={stage === "confirm"}
          hint={t("future.timeHint", { place, zone: timeZone })}
          onChange={setSendTime}
        />
      </div>
      <TextArea
        label={t("future.textLabel")}
        rows={Math.min(10, Math.max(3, template.split("\n").length + 1))}
        value={template}
        error={textError}
        disabled={stage === "confirm"}
        hint={recurrence.splitMarker === "---" ? t("future.hintDashes") : t("future.hintStars")}
        onChange={(e) => setTemplate(e.target.value)}
      />
      {stage === "confirm" ? (
        <div
          ref={question}
          role="group"
          aria-label={t("future.confirm")}
          className="flex flex-wrap items-center gap-2 rounded-md border border-amber-300 bg-amber-50 p-2"
        >
          <span>{futureChangeQuestion(open)}</span>
          <Button
            className="px-3 py-1"
            disabled={change.isPending}
            onClick={() => change.mutate({ campaignId, ...changes })}
          >
            {change.isPending ? t("future.changing") : t("future.yes")}
          </Button>
          <Button
            variant="secondary"
            className="px-3 py-1"
            disabled={change.isPending}
            onClick={() => setStage("form")}
          >
            {t("future.back")}
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button type="submit">{t("future.review")}</Button>
          <Button variant="secondary" onClick={() => setStage("closed")}>
            {t("future.discard")}
          </Button>
        </div>
      )}
    </form>
  )
}
