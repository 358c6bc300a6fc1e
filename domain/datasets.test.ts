import { describe, expect, it } from "vitest";
import { selectDatasetData } from "./datasets";

const samples = ["sample"];
const saved = [
  { id: "d2", name: "Newest", data: ["n"] },
  { id: "d1", name: "Older", data: ["o"] },
];

describe("selectDatasetData (spec §4)", () => {
  it("uses the active dataset", () => {
    expect(selectDatasetData(saved, "d1", samples)).toEqual({
      source: "active",
      datasetId: "d1",
      data: ["o"],
    });
  });
  it("falls back to the first saved dataset when none or an unknown one is active", () => {
    expect(selectDatasetData(saved, null, samples)).toEqual({
      source: "saved",
      datasetId: "d2",
      data: ["n"],
    });
    expect(selectDatasetData(saved, "gone", samples).datasetId).toBe("d2");
  });
  it("falls back to the samples when nothing is saved", () => {
    expect(selectDatasetData([], "d1", samples)).toEqual({
      source: "samples",
      datasetId: null,
      data: samples,
    });
  });
});
