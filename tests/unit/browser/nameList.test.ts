import "../../support/englishWords.ts"
import { describe, expect, it } from "vitest"
import { STATUS_TARGET_ID, STATUS_TARGET_NAME } from "../../../src/domain/campaign/StatusPost.ts"
import {
  campaignTitleText,
  nameListParts,
  nameListText,
  targetLabel,
  targetNames
} from "../../../src/interfaces/browser/ui/nameList.ts"

// Names in a list (a campaign's groups): the words between them are the language's (Intl.ListFormat),
// and every name is marked to be isolated, so an Arabic first name cannot turn the list around.

const g = (name: string) => ({ groupId: `${name}@g.us`, groupName: name })
const label = (targets: ReadonlyArray<{ groupId: string; groupName: string }>, locale: string) => {
  const { names, more } = targetNames(targets)
  return nameListText(names, more, locale)
}

describe("a campaign's groups in a few words", () => {
  it.each([
    [[g("Club A")], "Club A"],
    [[g("Club A"), g("Club B")], "Club A and Club B"],
    [[g("Club A"), g("Club B"), g("Club C")], "Club A, Club B and 1 more"],
    [[g("Club A"), g("Club B"), g("C"), g("D")], "Club A, Club B and 2 more"],
    [[{ groupId: "x@g.us", groupName: "" }], "x@g.us"]
  ])("%j → %s (en-GB)", (targets, text) => {
    expect(label(targets, "en-GB")).toBe(text)
  })

  it("puts the commas and the 'and' where each language wants them", () => {
    const three = [g("Club A"), g("Club B"), g("Club C")]
    expect(nameListText(["Club A", "Club B", "Club C"], 0, "en-US")).toBe("Club A, Club B, and Club C")
    expect(nameListText(["Club A", "Club B", "Club C"], 0, "es")).toBe("Club A, Club B y Club C")
    expect(nameListText(["Club A", "Club B"], 0, "de")).toBe("Club A und Club B")
    expect(label([...three, g("D")], "pt-BR")).toBe("Club A, Club B e 2 more")
  })

  it("names the Status in the app's words ('your Status'), not isolated, not its stored English name", () => {
    const status = { groupId: STATUS_TARGET_ID, groupName: STATUS_TARGET_NAME }
    const { names, more } = targetNames([g("نادي القراءة"), status])
    expect(nameListParts(names, more, "en-GB")).toEqual([
      { text: "نادي القراءة", isName: true },
      { text: " and ", isName: false },
      { text: "your Status", isName: false }
    ])
    expect(campaignTitleText("My Status and 1 more", { first: status, more: 1 })).toBe("your Status and 1 more")
  })

  it("marks each name, and only the names, to be isolated", () => {
    expect(nameListParts(["مجموعة الأخبار", "Club B"], 3, "en-GB")).toEqual([
      { text: "مجموعة الأخبار", isName: true },
      { text: ", ", isName: false },
      { text: "Club B", isName: true },
      { text: " and ", isName: false },
      { text: "3 more", isName: false }
    ])
  })

  it("labels one target as plain text: the Status in the app's words, any other by its name", () => {
    expect(targetLabel({ groupId: STATUS_TARGET_ID, groupName: STATUS_TARGET_NAME })).toBe("your Status")
    expect(targetLabel(g("Club A"))).toBe("Club A")
    expect(targetLabel({ groupId: "x@g.us", groupName: " " })).toBe("x@g.us")
  })
})
