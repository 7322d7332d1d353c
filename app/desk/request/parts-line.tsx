/** One line of a buyer's parts list as they sent it: "4 × 6205-2RS (SKF)". */
export function PartsLineText({ line }: { line: { quantity: number; part: string; brand?: string | null } }) {
  return (
    <>
      {line.quantity} × <bdi>{line.part}</bdi>
      {line.brand ? (
        <>
          {" "}
          (<bdi>{line.brand}</bdi>)
        </>
      ) : null}
    </>
  );
}
