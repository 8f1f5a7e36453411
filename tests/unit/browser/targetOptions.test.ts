import "../../support/englishWords.ts"
import { describe, expect, it } from "vitest"
import { optionsOf, searchInput } from "../../../src/interfaces/browser/ui/targetOptions.ts"

describe("TargetPicker's options", () => {
  it("joins the pages in order, each chat once, keeping a contact's number", () => {
    const pages = [
      {
        items: [
          { groupId: "1@g.us", groupName: "Family" },
          { groupId: "2@g.us", groupName: "Choir" }
        ]
      },
      // the list changed between two pages: Choir came again
      {
        items: [
          { groupId: "2@g.us", groupName: "Choir" },
          { groupId: "155501@c.us", groupName: "Ada", number: "155501", isContact: true }
        ]
      }
    ]
    expect(optionsOf(pages)).toEqual([
      { groupId: "1@g.us", groupName: "Family" },
      { groupId: "2@g.us", groupName: "Choir" },
      { groupId: "155501@c.us", groupName: "Ada", number: "155501" }
    ])
    expect(optionsOf([])).toEqual([])
  })

  it("asks for no filter on a blank search, else the trimmed text within the server's 100 characters", () => {
    expect(searchInput("")).toBeUndefined()
    expect(searchInput("   ")).toBeUndefined()
    expect(searchInput("  club ")).toBe("club")
    expect(searchInput("x".repeat(150))).toBe("x".repeat(100))
  })
})
