import {
  getFormProps,
  getInputProps,
  getSelectProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { Field } from "#app/components/forms/field.tsx";
import { FormErrors } from "#app/components/forms/form-errors.tsx";
import { useShowToast } from "#app/components/toaster.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { HERO_TILE_ICON_NAMES, HERO_TILE_ICONS, type StoredHeroTile } from "#app/lib/hero-tiles.ts";
import type { Toast } from "#app/lib/toast.ts";
import { HeroTilesSchema } from "#app/lib/validation/hero-tiles.ts";
import { SavedNotice } from "./saved-notice.tsx";

/*
 * Settings → Shop hero tiles (decision 042): the three tiles of the /crafts hero, in order. A
 * plain form (it works without JavaScript), checked with the schema the server uses.
 */

export function HeroTilesForm({
  tiles,
  categories,
  lastResult,
  toast,
  saved,
}: {
  tiles: StoredHeroTile[];
  categories: { id: string; name: string; isSpecial: boolean }[];
  lastResult?: SubmissionResult<string[]>;
  toast?: Toast | null;
  saved: boolean;
}) {
  useShowToast(toast);
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "hero-tiles",
    lastResult,
    defaultValue: { tiles },
    constraint: getZodConstraint(HeroTilesSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: HeroTilesSchema }),
  });
  const rows = fields.tiles.getFieldList();
  return (
    <Form method="post" className="flex flex-col gap-6" {...getFormProps(form)}>
      <FormErrors id={form.errorId} errors={form.errors ?? fields.tiles.errors} />
      {saved ? <SavedNotice what="The shop shows the new tiles now" href="/crafts" /> : null}
      <ol className="grid gap-4 lg:grid-cols-3">
        {rows.map((row, index) => {
          const tile = row.getFieldset();
          return (
            <li key={row.key}>
              <fieldset className="flex h-full flex-col gap-4 rounded-xl border border-border bg-background p-4 shadow-card sm:p-6">
                <legend className="sr-only">{`Tile ${index + 1}`}</legend>
                <p aria-hidden="true" className="text-lg font-semibold">{`Tile ${index + 1}`}</p>
                <Field
                  id={tile.categoryId.id}
                  label="Category"
                  errors={tile.categoryId.errors}
                  errorId={tile.categoryId.errorId}
                >
                  <NativeSelect {...getSelectProps(tile.categoryId)}>
                    <option value="">Choose a category</option>
                    {categories.map((category) => (
                      <option key={category.id} value={category.id}>
                        {category.isSpecial ? `${category.name} (seasonal)` : category.name}
                      </option>
                    ))}
                  </NativeSelect>
                </Field>
                <Field
                  id={tile.blurb.id}
                  label="Line under the name"
                  errors={tile.blurb.errors}
                  errorId={tile.blurb.errorId}
                  hint="Up to 60 characters."
                  hintId={tile.blurb.descriptionId}
                >
                  <Input
                    {...getInputProps(tile.blurb, {
                      type: "text",
                      ariaDescribedBy: tile.blurb.descriptionId,
                    })}
                    autoComplete="off"
                  />
                </Field>
                <Field
                  id={tile.icon.id}
                  label="Icon"
                  errors={tile.icon.errors}
                  errorId={tile.icon.errorId}
                >
                  <NativeSelect {...getSelectProps(tile.icon)}>
                    {HERO_TILE_ICON_NAMES.map((icon) => (
                      <option key={icon} value={icon}>
                        {HERO_TILE_ICONS[icon]}
                      </option>
                    ))}
                  </NativeSelect>
                </Field>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <p className="text-sm text-muted-foreground">
        A seasonal category's tile says when it returns while it is out of season.
      </p>
      <Button type="submit" disabled={saving} className="self-end">
        {saving ? "Saving..." : "Save hero tiles"}
      </Button>
    </Form>
  );
}
