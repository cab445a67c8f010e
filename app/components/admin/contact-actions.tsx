import { MailIcon, MessageCircleIcon, PhoneIcon } from "lucide-react";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { telHref, whatsAppHref } from "#app/lib/phone.ts";
import { cn } from "#app/lib/utils.ts";

/**
 * Quick actions that South African customers answer fastest (decision 004): call, WhatsApp with a
 * prefilled message, and e-mail. A number that cannot be put in international form gets no
 * WhatsApp link (wa.me needs one).
 */
export function ContactActions({
  name,
  phone,
  email,
  whatsAppMessage,
  emailSubject,
  className,
}: {
  name: string;
  phone?: string | null;
  email?: string | null;
  whatsAppMessage: string;
  emailSubject?: string;
  className?: string;
}) {
  const tel = phone ? telHref(phone) : null;
  const whatsApp = phone ? whatsAppHref(phone, whatsAppMessage) : null;
  const action = cn(buttonVariants({ variant: "outline", size: "sm" }));
  if (!tel && !whatsApp && !email) return null;
  return (
    <ul className={cn("flex flex-wrap gap-2", className)} aria-label={`Contact ${name}`}>
      {tel ? (
        <li>
          <a href={tel} className={action}>
            <PhoneIcon aria-hidden="true" />
            Call
          </a>
        </li>
      ) : null}
      {whatsApp ? (
        <li>
          <a href={whatsApp} className={action} target="_blank" rel="noopener noreferrer">
            <MessageCircleIcon aria-hidden="true" className="text-success" />
            WhatsApp
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
      ) : null}
      {email ? (
        <li>
          <a
            href={`mailto:${email}${emailSubject ? `?subject=${encodeURIComponent(emailSubject)}` : ""}`}
            className={action}
          >
            <MailIcon aria-hidden="true" />
            Email
          </a>
        </li>
      ) : null}
    </ul>
  );
}
