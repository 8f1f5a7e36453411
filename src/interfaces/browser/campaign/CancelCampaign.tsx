import { useMutation } from "@tanstack/react-query"
import { useTranslation } from "react-i18next"
import { errorText, useTRPC } from "../trpc.ts"
import { ConfirmButton } from "../ui/ConfirmButton.tsx"
import { Alert } from "../ui/kit.tsx"
import { announce, focusPageHeading } from "../ui/pageHeading.ts"
import { useRefreshCampaign } from "./useRefreshCampaign.ts"

export const CancelCampaign = ({ id }: { readonly id: string }) => {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const refresh = useRefreshCampaign(id)
  const cancel = useMutation(
    trpc.campaign.cancel.mutationOptions({
      // the cancel button goes with the campaign's cancellation: the focus goes to the heading
      onSuccess: async () => {
        await refresh()
        focusPageHeading()
        announce(t("campaign.cancelled"))
      },
      onError: refresh
    })
  )
  return (
    <div className="mt-4 space-y-2">
      {cancel.isError ? <Alert>{t("campaign.cancelFailed", { reason: errorText(cancel.error) })}</Alert> : null}
      <ConfirmButton
        label={t("campaign.cancel")}
        question={t("campaign.cancelQuestion")}
        confirmLabel={t("campaign.yesCancel")}
        keepLabel={t("apiKeys.noKeep")}
        pending={cancel.isPending}
        onConfirm={() => cancel.mutate({ id })}
      />
    </div>
  )
}
