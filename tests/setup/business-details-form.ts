import type { BusinessDetails } from "#app/lib/business.ts";

/**
 * The fields the Settings page posts for `details` (its form's names), with `changes` on top:
 * the form as an owner sends it after editing a few fields.
 */
export function businessDetailsForm(
  details: BusinessDetails,
  changes: Record<string, string> = {},
): Record<string, string> {
  const fields: Record<string, string> = {
    name: details.name,
    legalName: details.legalName,
    "address.street": details.address.street,
    "address.suburb": details.address.suburb,
    "address.city": details.address.city,
    "address.postalCode": details.address.postalCode,
    "address.province": details.address.province,
    mapUrl: details.mapUrl ?? "",
    phone: details.phone,
    whatsApp: details.whatsApp,
    generalEmail: details.generalEmail,
    supportEmail: details.supportEmail,
    hoursNote: details.hoursNote ?? "",
    alertEmail: details.alertEmail,
    senderName: details.senderName,
    replyTo: details.replyTo ?? "",
  };
  if (details.eft) {
    fields["eft.accountName"] = details.eft.accountName;
    fields["eft.bankName"] = details.eft.bankName;
    fields["eft.accountNumber"] = details.eft.accountNumber;
    fields["eft.branchCode"] = details.eft.branchCode;
    fields["eft.accountType"] = details.eft.accountType ?? "";
  }
  for (const [day, hours] of Object.entries(details.hours)) {
    if (!hours.open) continue;
    fields[`hours.${day}.open`] = "on";
    fields[`hours.${day}.from`] = hours.from;
    fields[`hours.${day}.to`] = hours.to;
  }
  return { ...fields, ...changes };
}
