import { useMutation } from "@tanstack/react-query"
import { useTranslation } from "react-i18next"
import { errorCode, errorText, useTRPC } from "../trpc.ts"
import { Alert, Button } from "../ui/kit.tsx"
import { conflictText } from "./EditMessage.tsx"
import { useRefreshCampaign } from "./useRefreshCampaign.ts"

export const DeleteMessage = ({
  campaignId,
  messageId,
  onKeep,
  onDeleted
}: {
  readonly campaignId: string
  readonly messageId: string
  readonly onKeep: () => void
  /** after the refresh: `null` once deleted, else why not (the row shows it too while the question stays) */
  readonly onDeleted: (outcome: string | null) => void
}) => {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const refresh = useRefreshCampaign(campaignId)
  const remove = useMutation(
    trpc.campaign.deleteMessage.mutationOptions({
      onSuccess: async () => {
        await refresh()
        onDeleted(null)
      },
      onError: async (error) => {
        await refresh()
        onDeleted(
          errorCode(error) === "CONFLICT" ? conflictText() : t("message.deleteFailed", { reason: errorText(error) })
        )
      }
    })
  )
  return (
    <div
      role="group"
      aria-label={t("message.deleteGroup")}
      className="mt-3 space-y-2 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900"
    >
      {remove.isError ? (
        <Alert>{errorCode(remove.error) === "CONFLICT" ? conflictText() : errorText(remove.error)}</Alert>
      ) : null}
      <p>{t("message.deleteQuestion")}</p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="danger"
          className="px-3 py-1"
          disabled={remove.isPending}
          onClick={() => remove.mutate({ campaignId, messageId })}
        >
          {remove.isPending ? t("message.deleting") : t("message.yesDelete")}
        </Button>
        <Button variant="secondary" className="px-3 py-1" autoFocus disabled={remove.isPending} onClick={onKeep}>
          {t("apiKeys.noKeep")}
        </Button>
      </div>
    </div>
  )
}
