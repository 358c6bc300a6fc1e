import { errors } from "./errors";
import type { ListColor } from "./model";

/** Named list colours (`status` on list writes); observed: red #d33d44. Other hex values are the sim's. */
export const LIST_COLORS: Record<ListColor, string> = {
  red: "#d33d44",
  orange: "#e16b16",
  yellow: "#f9d900",
  green: "#2ecd6f",
  blue: "#1090e0",
  purple: "#7b68ee",
  pink: "#ee5e99",
  gray: "#87909e",
};

/** A list `status`: a named colour (case-insensitive, "grey" too); anything else, hex included, is SUBCAT_104. */
export function parseListColor(raw: unknown): ListColor {
  if (typeof raw !== "string") throw errors.listStatusInvalid();
  const name = raw.trim().toLowerCase();
  const key = (name === "grey" ? "gray" : name) as ListColor;
  if (!(key in LIST_COLORS)) throw errors.listStatusInvalid();
  return key;
}
