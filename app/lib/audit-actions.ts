/*
 * What the audit log (decision 010) shows for each recorded action. The domain modules record an
 * action as `<entity>.<verb>` (app/server/audit/audit.server.ts); the page shows it as words.
 * Add a line here with each new action; one not listed still reads sensibly (see below).
 */

/** Every action the domain modules record, as the audit log shows it. */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  "product.create": "Product: created",
  "product.update": "Product: updated",
  "product.delete": "Product: deleted",
  "category.create": "Category: created",
  "category.update": "Category: updated",
  "category.delete": "Category: deleted",
  "order.status": "Order: status changed",
  "order.payment": "Order: payment updated",
  "order.delivery": "Order: delivery recorded",
  "order.invoice": "Order: invoice issued",
  "order.note": "Order: note added",
  "quote_request.resolve": "Quote request: resolved",
  "quote_request.reopen": "Quote request: reopened",
  "quote_request.reply": "Quote request: reply sent",
  "quote_request.erase": "Quote request: erased",
  "subscriber.remove": "Subscriber: removed",
  "held_submission.release": "Held submission: released",
  "held_submission.delete": "Held submission: deleted",
  "user.grant-admin": "User: admin access granted",
  "user.revoke-admin": "User: admin access revoked",
  "user.dismiss-request": "User: request for access dismissed (account deleted)",
  "user.password-change": "User: password changed",
  "user.password-reset-request": "User: password reset asked for",
  "user.password-reset": "User: password reset link used",
  "user.session-end": "User: session signed out",
  "user.two-step-on": "User: two-step sign-in turned on",
  "user.two-step-off": "User: two-step sign-in turned off",
  "user.recovery-code-use": "User: recovery code used",
  "user.passkey-add": "User: passkey added",
  "user.passkey-rename": "User: passkey renamed",
  "user.passkey-remove": "User: passkey removed",
  "system.backup": "System: backup taken",
  "person.export": "Personal data: downloaded",
  "settings.business": "Settings: business details changed",
  "settings.hero_tiles": "Settings: shop hero tiles changed",
  "settings.legal": "Settings: legal page published",
  "settings.about": "Settings: the About section changed",
  "showcase.create": "Portfolio or equipment entry: added",
  "showcase.update": "Portfolio or equipment entry: changed",
  "showcase.delete": "Portfolio or equipment entry: deleted",
  "showcase.hide": "Portfolio or equipment entry: hidden",
  "showcase.show": "Portfolio or equipment entry: shown again",
  "showcase.move-up": "Portfolio or equipment entry: moved up",
  "showcase.move-down": "Portfolio or equipment entry: moved down",
  "person.erase": "Personal data: erased",
  "newsletter.create": "Newsletter: draft started",
  "newsletter.delete": "Newsletter: draft deleted",
  "newsletter.test": "Newsletter: test sent",
  "newsletter.schedule": "Newsletter: scheduled",
  "newsletter.unschedule": "Newsletter: schedule cancelled",
  "newsletter.send": "Newsletter: sending started",
  "newsletter.pause": "Newsletter: paused",
  "newsletter.resume": "Newsletter: resumed",
};

/** "quote_request" → "Quote request". */
function words(text: string): string {
  return text.replaceAll(/[_-]+/g, " ").trim();
}

/**
 * The audit log's label for an action: "quote_request.resolve" → "Quote request: resolved".
 * An action without a label (one recorded by a newer or older version) is spelled out from
 * its parts, "gift_card.top-up" → "Gift card: top up", never shown raw.
 */
export function auditActionLabel(action: string): string {
  if (Object.hasOwn(AUDIT_ACTION_LABELS, action)) return AUDIT_ACTION_LABELS[action]!;
  const dot = action.indexOf(".");
  const entity = words(dot === -1 ? action : action.slice(0, dot));
  const verb = dot === -1 ? "" : words(action.slice(dot + 1).replaceAll(".", " "));
  if (!entity) return verb ? capitalise(verb) : action;
  const subject = capitalise(entity);
  return verb ? `${subject}: ${verb}` : subject;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
