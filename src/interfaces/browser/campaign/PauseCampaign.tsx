import { useMutation } from "@tanstack/react-query"
import type { CampaignDetail } from "../campaignView.ts"
import { canPause, canResume, resumeOutlook, stillWaiting } from "../campaignView.ts"
import { errorText, useTRPC } from "../trpc.ts"
import { ConfirmButton } from "../ui/ConfirmButton.tsx"
import { Alert, Button } from "../ui/kit.tsx"
import { announce, focusPageHeading } from "../ui/pageHeading.ts"
import { useRefreshCampaign } from "./useRefreshCampaign.ts"

const messages = (n: number) => (n === 1 ? "1 message" : `${n} messages`)

/** What pausing did, said once its button is gone. */
const pausedWords = (alreadyPicked: number) =>
  alreadyPicked === 0
    ? "Sending is paused: no message is sent until you resume."
    : `Sending is paused: no other message is sent until you resume. ${alreadyPicked === 1 ? "1 message was" : `${alreadyPicked} messages were`} already being sent and still ${alreadyPicked === 1 ? "goes" : "go"}.`

/** What resuming did. */
const resumedWords = (resumed: number, skipped: number) => {
  const go =
    resumed === 0
      ? "No message is left to send."
      : `${messages(resumed)} will be sent at ${resumed === 1 ? "its time" : "their times"}.`
  const skip =
    skipped === 0 ? "" : ` ${messages(skipped)} fell due while paused and ${skipped === 1 ? "is" : "are"} skipped.`
  return `Sending is resumed. ${go}${skip}`
}

/** The question before resuming: how many are skipped, how many still go. */
const resumeQuestion = (skipped: number, go: number) => {
  const goWords =
    go === 0
      ? "No message is left to send later."
      : `${messages(go)} still ${go === 1 ? "goes" : "go"} at ${go === 1 ? "its time" : "their times"}.`
  const skipWords =
    skipped === 0
      ? ""
      : ` ${messages(skipped)} whose time passed while paused ${skipped === 1 ? "is" : "are"} skipped, not sent late.`
  return `Resume sending? ${goWords}${skipWords}`
}

/**
 * Pause and resume sending (campaign.pause, campaign.resume). Paused, nothing of the campaign is
 * sent; resumed, what fell due meanwhile is skipped, never sent late.
 */
export const PauseCampaign = ({ campaign }: { readonly campaign: CampaignDetail }) => {
  const trpc = useTRPC()
  const refresh = useRefreshCampaign(campaign.id)
  const pause = useMutation(
    trpc.campaign.pause.mutationOptions({
      onSuccess: async ({ alreadyPicked }) => {
        await refresh()
        focusPageHeading()
        announce(pausedWords(alreadyPicked))
      },
      onError: refresh
    })
  )
  const resume = useMutation(
    trpc.campaign.resume.mutationOptions({
      onSuccess: async ({ resumed, skipped }) => {
        await refresh()
        focusPageHeading()
        announce(resumedWords(resumed, skipped))
      },
      onError: refresh
    })
  )
  if (canResume(campaign)) {
    const paused = campaign.status === "PAUSED"
    // a pause cut short: these would be sent by the scheduler while the page says paused
    const waiting = paused ? stillWaiting(campaign.messages) : 0
    return (
      <div className="mt-4 space-y-2">
        <Alert kind="warning">
          {paused ? (
            <>
              <strong>Sending is paused.</strong>{" "}
              {waiting === 0
                ? "No message of this campaign is sent until you resume."
                : "The messages already paused are not sent until you resume."}
            </>
          ) : (
            <>
              <strong>Some messages are paused.</strong> They are not sent until you resume them.
            </>
          )}{" "}
          A message whose time passes meanwhile is skipped, not sent late.
        </Alert>
        {waiting > 0 ? (
          <>
            <Alert>
              Pausing did not finish: {messages(waiting)} {waiting === 1 ? "is" : "are"} still waiting and would be sent
              at {waiting === 1 ? "its time" : "their times"}.{pause.isError ? ` (${errorText(pause.error)})` : ""}{" "}
              Finish pausing to hold {waiting === 1 ? "it" : "them"} too.
            </Alert>
            <div>
              <Button disabled={pause.isPending} onClick={() => pause.mutate({ id: campaign.id })}>
                {pause.isPending ? "Working…" : "Finish pausing"}
              </Button>
            </div>
          </>
        ) : null}
        {resume.isError ? <Alert>Could not resume sending: {errorText(resume.error)}</Alert> : null}
        <ConfirmButton
          label="Resume sending"
          question={<ResumeQuestion messages={campaign.messages} />}
          confirmLabel="Yes, resume sending"
          keepLabel={paused ? "No, stay paused" : "No, keep them paused"}
          pending={resume.isPending}
          onConfirm={() => resume.mutate({ id: campaign.id })}
          calm
        />
      </div>
    )
  }
  if (!canPause(campaign.status)) return null
  return (
    <div className="mt-4 space-y-2">
      {pause.isError ? <Alert>Could not pause sending: {errorText(pause.error)}</Alert> : null}
      <ConfirmButton
        label="Pause sending"
        question="Pause sending? Nothing is sent until you resume. Messages whose time passes meanwhile are skipped, not sent late; one being sent right now still goes."
        confirmLabel="Yes, pause sending"
        keepLabel="No, keep sending"
        pending={pause.isPending}
        onConfirm={() => pause.mutate({ id: campaign.id })}
        calm
      />
    </div>
  )
}

/** Drawn when the question opens, so its counts are those of that moment, not of the page's last refresh. */
const ResumeQuestion = ({ messages }: { readonly messages: CampaignDetail["messages"] }) => {
  const outlook = resumeOutlook(messages, Date.now())
  return <>{resumeQuestion(outlook.skipped, outlook.go)}</>
}
