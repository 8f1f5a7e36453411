import { useQueryClient } from "@tanstack/react-query"
import { useTRPC } from "../trpc.ts"

/** Refreshes the campaign and the list after a change (awaited: the change shows when the action ends). */
export const useRefreshCampaign = (campaignId: string) => {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.campaign.get.queryKey({ id: campaignId }) }),
      queryClient.invalidateQueries({ queryKey: trpc.campaign.list.pathKey() })
    ])
  }
}
