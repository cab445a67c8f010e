import { describe, expect, it } from "vitest";
import { formFields, formValues } from "./forms.ts";

describe("formFields", () => {
  it("keeps the first value of a field sent twice, as formData.get does", () => {
    const form = new FormData();
    form.append("intent", "note");
    form.append("note", "");
    form.append("intent", "status");
    form.append("note", "sneaked in");
    expect(formFields(form)).toEqual({ intent: "note", note: "" });
    expect(formFields(form).intent).toBe(form.get("intent"));
    expect(formValues(form, ["note", "missing"])).toEqual({ note: "", missing: undefined });
  });
});
