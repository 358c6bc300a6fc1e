import { describe, expect, it } from "vitest";
import {
  HOURS_TEXT_MESSAGE,
  hoursTextSchema,
  hoursTextToMinutes,
  minutesToHoursText,
  optionalHoursTextSchema,
} from "./hours";

describe("hours per day as typed", () => {
  it("reads whole and decimal hours, with a point or a comma", () => {
    expect(hoursTextToMinutes("8")).toBe(480);
    expect(hoursTextToMinutes(" 7.5 ")).toBe(450);
    expect(hoursTextToMinutes("7,25")).toBe(435);
    expect(hoursTextToMinutes("0")).toBe(0);
    expect(hoursTextToMinutes("24")).toBe(1440);
    expect(hoursTextToMinutes("6.1")).toBe(366);
  });

  it("refuses letters, signs, units and more than two decimals", () => {
    for (const text of ["", "abc", "-1", "+8", "8h", "1e1", "7.125", "100", "7."]) {
      expect(hoursTextToMinutes(text), text).toBeNull();
    }
  });

  it("writes minutes back as the field's text", () => {
    expect(minutesToHoursText(480)).toBe("8");
    expect(minutesToHoursText(450)).toBe("7.5");
    expect(minutesToHoursText(435)).toBe("7.25");
    expect(minutesToHoursText(360)).toBe("6");
    expect(minutesToHoursText(0)).toBe("0");
  });

  it("refuses past 24 hours with the domain's message and text with the field's", () => {
    expect(hoursTextSchema.parse("7.5")).toBe(450);
    expect(hoursTextSchema.safeParse("25").error?.issues[0]?.message).toBe(
      "hours per day must be between 0 and 24",
    );
    expect(hoursTextSchema.safeParse("eight").error?.issues[0]?.message).toBe(HOURS_TEXT_MESSAGE);
  });

  it("an empty optional field is the workspace default (null)", () => {
    expect(optionalHoursTextSchema.parse("  ")).toBeNull();
    expect(optionalHoursTextSchema.parse("6")).toBe(360);
    expect(optionalHoursTextSchema.safeParse("x").error?.issues[0]?.message).toBe(HOURS_TEXT_MESSAGE);
  });
});
