import { useMutation } from "@tanstack/react-query"
import { errorText, useTRPC } from "../trpc.ts"
import { ConfirmButton } from "../ui/ConfirmButton.tsx"
import { Alert } from "../ui/kit.tsx"
import { announce, focusPageHeading } from "../ui/pageHeading.ts"
import { useRefreshCampaign } from "./useRefreshCampaign.ts"

export const CancelCampaign = ({ id }: { readonly id: string }) => {
  const trpc = useTRPC()
  const refresh = useRefreshCampaign(id)
  const cancel = useMutation(
    trpc.campaign.cancel.mutationOptions({
      // the cancel button goes with the campaign's cancellation: the focus goes to the heading
      onSuccess: async () => {
        await refresh()
        focusPageHeading()
        announce("The campaign is cancelled: its messages not yet sent will not be sent.")
      },
      onError: refresh
    })
  )
  return (
    <div className="mt-4 space-y-2">
      {cancel.isError ? <Alert>Could not cancel the campaign: {errorText(cancel.error)}</Alert> : null}
      <ConfirmButton
        label="Cancel campaign"
        question="Cancel this campaign? Messages not yet sent will never be sent; one being sent right now still goes."
        confirmLabel="Yes, cancel the campaign"
        keepLabel="No, keep it"
        pending={cancel.isPending}
        onConfirm={() => cancel.mutate({ id })}
      />
    </div>
  )
}
