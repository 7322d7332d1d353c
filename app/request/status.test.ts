import { describe, expect, it } from "vitest";
import { canMove, type MoveCause, transitions } from "#app/request/status.ts";
import { type QuoteStatus, quoteStatuses } from "#db/statuses.ts";

const movesBy = (by: MoveCause) =>
  quoteStatuses.flatMap((from) => quoteStatuses.filter((to) => canMove(from, to, by)).map((to) => `${from} → ${to}`));

describe("a request's transitions", () => {
  it("let staff move a request between any two statuses, into spam but not out of it", () => {
    const moves = movesBy("staff");
    expect(moves).toContain("new → won");
    expect(moves).toContain("won → in_progress");
    expect(moves).toContain("lost → spam");
    expect(moves.filter((move) => move.startsWith("spam"))).toEqual([]);
    expect(moves).toContain("accepted → won");
    expect(moves).toContain("accepted → in_progress");
    expect(moves).toContain("expired → quoted");
    expect(moves).toHaveLength(7 * 7);
  });

  it("take a request out of spam only through Not spam, and only to New", () => {
    expect(movesBy("not spam")).toEqual(["spam → new"]);
  });

  it("move a New request to In progress when the desk answers it, and nothing else", () => {
    expect(movesBy("reply")).toEqual(["new → in_progress"]);
  });

  it("make an open or expired request Quoted when a quotation is sent; a decided or held one keeps its status", () => {
    expect(movesBy("quotation")).toEqual(["new → quoted", "in_progress → quoted", "expired → quoted"]);
  });

  it("put a quoted, lost or expired request back in hand when the buyer writes; a sale won stays won", () => {
    expect(movesBy("buyer")).toEqual(["quoted → in_progress", "lost → in_progress", "expired → in_progress"]);
    expect(canMove("won", "in_progress", "buyer")).toBe(false);
    expect(canMove("spam", "in_progress", "buyer")).toBe(false);
  });

  it("let the buyer accept or decline a quotation online while it is quoted or in hand, and nothing else", () => {
    expect(movesBy("buyer online")).toEqual([
      "in_progress → accepted",
      "in_progress → lost",
      "quoted → accepted",
      "quoted → lost",
    ]);
    expect(canMove("won", "accepted", "buyer online")).toBe(false);
    expect(canMove("lost", "accepted", "buyer online")).toBe(false);
    expect(canMove("accepted", "in_progress", "buyer")).toBe(false);
  });

  it("expire only a quoted request, by the server's sweep", () => {
    expect(movesBy("expiry")).toEqual(["quoted → expired"]);
  });

  it("never count a request staying where it is as a move", () => {
    for (const status of quoteStatuses) {
      for (const row of transitions) expect(canMove(status, status, row.by)).toBe(false);
    }
  });

  it("name only statuses the database allows", () => {
    const known = new Set<QuoteStatus>(quoteStatuses);
    for (const row of transitions) for (const status of [...row.from, ...row.to]) expect(known.has(status)).toBe(true);
  });
});
