import type { ReactNode } from "react"
import type { TextSegment, TextStyle } from "./whatsappText.ts"
import { whatsappSegments } from "./whatsappText.ts"

/** The element each style is drawn as: a screen reader names them as it names any bold or struck text. */
const styled = (style: TextStyle, key: number, children: Array<ReactNode>): ReactNode => {
  switch (style) {
    case "bold":
      return <strong key={key}>{children}</strong>
    case "italic":
      return <em key={key}>{children}</em>
    case "strike":
      return <s key={key}>{children}</s>
    case "mono":
      return (
        <code key={key} className="rounded bg-slate-100 px-1 font-mono text-[0.9em]">
          {children}
        </code>
      )
  }
}

/**
 * Segments as nested elements: neighbours that open with the same style share one element, so
 * `*bold _and italic_ too*` is one <strong> holding an <em>, not three.
 */
const nodes = (segments: ReadonlyArray<TextSegment>): Array<ReactNode> => {
  const out: Array<ReactNode> = []
  for (let start = 0; start < segments.length; ) {
    const style = segments[start]?.styles[0]
    let end = start + 1
    while (end < segments.length && segments[end]?.styles[0] === style) end++
    const run = segments.slice(start, end)
    out.push(
      style === undefined
        ? run.map((s) => s.text).join("")
        : styled(style, start, nodes(run.map((s) => ({ text: s.text, styles: s.styles.slice(1) }))))
    )
    start = end
  }
  return out
}

/**
 * A message's text as the phone will show it: WhatsApp's *bold*, _italic_, ~strike~ and
 * ```monospace``` drawn, their markers taken out. Text stays text (React elements, no HTML).
 */
export const WhatsAppText = ({ text }: { readonly text: string }) => <>{nodes(whatsappSegments(text))}</>
