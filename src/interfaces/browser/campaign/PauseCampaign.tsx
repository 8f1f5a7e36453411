import { useMutation } from "@tanstack/react-query"
import i18next from "i18next"
import { Trans, useTranslation } from "react-i18next"
import type { CampaignDetail } from "../campaignView.ts"
import { canPause, canResume, resumeOutlook, stillWaiting } from "../campaignView.ts"
import { errorText, useTRPC } from "../trpc.ts"
import { ConfirmButton } from "../ui/ConfirmButton.tsx"
import { Alert, Button } from "../ui/kit.tsx"
import { announce, focusPageHeading } from "../ui/pageHeading.ts"
import { sentences } from "../ui/sentences.ts"
import { useRefreshCampaign } from "./useRefreshCampaign.ts"

/** What pausing did, said once its button is gone. */
const pausedWords = (alreadyPicked: number) =>
  alreadyPicked === 0 ? i18next.t("pause.pausedNone") : i18next.t("pause.pausedSome", { count: alreadyPicked })

/** What resuming did. */
const resumedWords = (resumed: number, skipped: number) =>
  sentences(
    i18next.t("pause.resumed"),
    resumed === 0 ? i18next.t("pause.noneLeft") : i18next.t("pause.willGo", { count: resumed }),
    skipped === 0 ? null : i18next.t("pause.skipped", { count: skipped })
  )

/** The question before resuming: how many are skipped, how many still go. */
const resumeQuestion = (skipped: number, go: number) =>
  sentences(
    i18next.t("pause.question"),
    go === 0 ? i18next.t("pause.noneLater") : i18next.t("pause.stillGo", { count: go }),
    skipped === 0 ? null : i18next.t("pause.passedSkipped", { count: skipped })
  )

/**
 * Pause and resume sending (campaign.pause, campaign.resume). Paused, nothing of the campaign is
 * sent; resumed, what fell due meanwhile is skipped, never sent late.
 */
export const PauseCampaign = ({ campaign }: { readonly campaign: CampaignDetail }) => {
  const { t } = useTranslation()
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
          {!paused ? (
            <Trans i18nKey="pause.somePaused" components={{ strong: <strong /> }} />
          ) : waiting === 0 ? (
            <Trans i18nKey="pause.isPaused" components={{ strong: <strong /> }} />
          ) : (
            <Trans i18nKey="pause.isPausedPart" components={{ strong: <strong /> }} />
          )}{" "}
          {t("pause.passesMeanwhile")}
        </Alert>
        {waiting > 0 ? (
          <>
            <Alert>
              {/* the reason where each language puts it in the sentence, not glued after it */}
              {pause.isError
                ? t("pause.notFinishedWhy", { count: waiting, reason: errorText(pause.error) })
                : t("pause.notFinished", { count: waiting })}
            </Alert>
            <div>
              <Button disabled={pause.isPending} onClick={() => pause.mutate({ id: campaign.id })}>
                {pause.isPending ? t("common.working") : t("pause.finish")}
              </Button>
            </div>
          </>
        ) : null}
        {resume.isError ? <Alert>{t("pause.resumeFailed", { reason: errorText(resume.error) })}</Alert> : null}
        <ConfirmButton
          label={t("pause.resume")}
          question={<ResumeQuestion messages={campaign.messages} />}
          confirmLabel={t("pause.yesResume")}
          keepLabel={paused ? t("pause.stayPaused") : t("pause.keepPaused")}
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
      {pause.isError ? <Alert>{t("pause.pauseFailed", { reason: errorText(pause.error) })}</Alert> : null}
      <ConfirmButton
        label={t("pause.pause")}
        question={t("pause.pauseQuestion")}
        confirmLabel={t("pause.yesPause")}
        keepLabel={t("pause.keepSending")}
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
