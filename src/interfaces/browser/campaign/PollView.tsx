/** A poll's options as the group will see them (the message's text above is its question). */
export const PollView = ({
  poll
}: {
  readonly poll: { readonly options: ReadonlyArray<string>; readonly multipleAnswers: boolean } | null
}) =>
  poll === null ? null : (
    <div className="mt-2 rounded-md border border-slate-200 bg-slate-50 p-2" data-testid="poll">
      <p className="text-sm font-medium text-slate-800">
        Poll · {poll.multipleAnswers ? "several answers allowed" : "one answer"}
      </p>
      <ol className="mt-1 list-inside list-disc text-sm text-slate-900">
        {poll.options.map((option, i) => (
          // options are distinct (the server refuses twice the same), but the index keeps keys stable
          // biome-ignore lint/suspicious/noArrayIndexKey: an option's place is its identity here
          <li key={i} className="break-words">
            {option}
          </li>
        ))}
      </ol>
    </div>
  )
