import type { PersonalisationRules } from "#app/lib/personalisation.ts";
import { products } from "#db/schema/index.ts";

/*
 * A product's personalisation rules as stored (decision 040): four columns, the label null
 * when the product asks for none. Selected with `personalisationColumns`, read back with
 * `personalisationRules`.
 */

export const personalisationColumns = {
  personalisationLabel: products.personalisationLabel,
  personalisationMaxLength: products.personalisationMaxLength,
  personalisationRequired: products.personalisationRequired,
  personalisationChoices: products.personalisationChoices,
};

export interface PersonalisationRow {
  personalisationLabel: string | null;
  personalisationMaxLength: number | null;
  personalisationRequired: boolean;
  personalisationChoices: string[] | null;
}

export function personalisationRules(row: PersonalisationRow): PersonalisationRules | null {
  if (row.personalisationLabel === null || row.personalisationMaxLength === null) return null;
  return {
    label: row.personalisationLabel,
    maxLength: row.personalisationMaxLength,
    required: row.personalisationRequired,
    choices: row.personalisationChoices?.length ? row.personalisationChoices : null,
  };
}

/** The columns to store for `rules` (null: off). */
export function personalisationValues(rules: PersonalisationRules | null): PersonalisationRow {
  return {
    personalisationLabel: rules?.label ?? null,
    personalisationMaxLength: rules?.maxLength ?? null,
    personalisationRequired: rules?.required ?? false,
    personalisationChoices: rules?.choices?.length ? rules.choices : null,
  };
}
