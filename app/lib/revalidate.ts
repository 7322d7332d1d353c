import type { ShouldRevalidateFunction } from "react-router";

/** Page content never changes because a quote was sent, so a form post reloads nothing. */
export const keepDataAfterPost: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod === "POST" ? false : defaultShouldRevalidate;
