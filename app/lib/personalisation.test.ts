import { describe, expect, it } from "vitest";
import {
  describePersonalisation,
  normalisePersonalisation,
  type PersonalisationRules,
  personalisationProblem,
} from "./personalisation.ts";
import { LINE_BREAK_MESSAGE, UNSUPPORTED_CHARACTER_MESSAGE } from "./validation/text-rules.ts";

const engrave: PersonalisationRules = {
  label: "Name to engrave",
  maxLength: 5,
  required: true,
  choices: null,
};

describe("personalisation rules (decision 040)", () => {
  it("keeps texts trimmed, blank as none", () => {
    expect(normalisePersonalisation("  Sipho ")).toBe("Sipho");
    expect(normalisePersonalisation("   ")).toBeNull();
    expect(normalisePersonalisation(undefined)).toBeNull();
  });

  it.each([
    [engrave, "Sipho", null],
    [engrave, " Sipho ", null],
    [engrave, "", "Name to engrave is required."],
    [{ ...engrave, required: false }, "", null],
    [engrave, "Thandi", "Name to engrave must be at most 5 characters."],
    [engrave, "Si\npho", LINE_BREAK_MESSAGE],
    [engrave, "Sipho\n", LINE_BREAK_MESSAGE],
    [engrave, "Si\u0085o", UNSUPPORTED_CHARACTER_MESSAGE],
    [{ ...engrave, choices: ["Red", "Blue"] }, "Blue", null],
    [
      { ...engrave, choices: ["Red", "Blue"] },
      "blue",
      "Name to engrave must be one of: Red, Blue.",
    ],
    [null, "", null],
    [null, "Sipho", "This product is no longer personalised: remove the text."],
  ] as [PersonalisationRules | null, string, string | null][])(
    "%j with %j: %j",
    (rules, text, problem) => {
      expect(personalisationProblem(rules, text)).toBe(problem);
    },
  );

  it("describes a line's text with its label", () => {
    expect(
      describePersonalisation({
        personalisation: "Sipho",
        personalisationLabel: "Name to engrave",
      }),
    ).toBe("Name to engrave: “Sipho”");
    expect(
      describePersonalisation({ personalisation: null, personalisationLabel: null }),
    ).toBeNull();
  });
});
