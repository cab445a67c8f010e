import { addressLine, type BusinessDetails } from "#app/lib/business.ts";

/*
 * The first legal texts for /privacy and /terms (docs/product.md §2.12: a text with its
 * last-updated date); the owner publishes new versions under Settings (decision 042), and
 * these stand until then. They name the business as its details say.
 * Written for a South African company under POPIA (Protection of Personal Information Act 4
 * of 2013) and the ECT Act. Have them reviewed before going live.
 */

export interface LegalSection {
  heading: string;
  paragraphs?: string[];
  items?: string[];
}

export interface LegalDocument {
  title: string;
  /**
   * The day this text last changed (YYYY-MM-DD), shown as "Last updated:". Change it with
   * the text: the original showed today's date, which a reader cannot tell changes from
   * (decision 028).
   */
  lastUpdated: string;
  intro: string;
  sections: LegalSection[];
}

/** What the texts say of the business. */
export type LegalBusiness = Pick<
  BusinessDetails,
  "name" | "legalName" | "address" | "phone" | "generalEmail"
>;

export function privacyPolicy(business: LegalBusiness): LegalDocument {
  const where = addressLine(business);
  return {
    title: "Privacy Policy",
    lastUpdated: "2026-11-28",
    intro: `${business.legalName} ("we", "us") respects your privacy. This policy explains what personal information our website collects, why, how long we keep it and the rights you have under the Protection of Personal Information Act, 2013 (POPIA). We are the responsible party for this information.`,
    sections: [
      {
        heading: "What we collect, and why",
        items: [
          "Quote form: your name, e-mail address, the service you are interested in, your message and, if you choose to give it, your phone number. We use them to prepare and send you a quote and to follow up on it, by phone or WhatsApp when you gave a number.",
          "Contact form: your name, e-mail address, subject, message and, if you choose to give it, your phone number. We use them to answer your enquiry, by phone or WhatsApp when you gave a number.",
          "Newsletter forms (in the footer and the pop-up): your e-mail address, the date you subscribed, which form you used, the consent wording you saw and when you confirmed with the link we e-mail you. We use them to send you our newsletter and to prove your consent.",
          "Checkout: your full name, e-mail address, phone number and the products you ordered. We use them to contact you to arrange payment and delivery, and to keep the records the law requires. We also record how and when you paid (the method, any payment reference, the amount and the date). Your order confirmation e-mail holds a private link to a page that shows your order; anyone who has the link can see that page, so please keep it to yourself.",
          "Technical data: your IP address is used briefly to protect our forms against abuse (rate limiting) and is not stored with your submission. Our server logs requests for security and keeps the logs for a short time.",
        ],
      },
      {
        heading: "Cookies and browser storage",
        paragraphs: [
          "We use no advertising or tracking cookies. Your cart and two newsletter flags (newsletterPopupSeen and newsletterSubscribed) are kept in your browser's local storage so the site remembers them; you can clear them at any time in your browser settings. A short-lived cookie carries confirmation messages between pages.",
        ],
      },
      {
        heading: "Lawful basis",
        paragraphs: [
          "We process your information because you asked us to (a quote, an answer or an order), to meet our legal obligations, or, for the newsletter, because you gave your consent. You may withdraw consent at any time.",
        ],
      },
      {
        heading: "How long we keep it",
        items: [
          "Quote requests and contact messages: up to 24 months after our last contact with you, unless they lead to a contract.",
          "Orders: five years, as required by tax and accounting law. If you ask us to delete your information, we keep the order itself for that time with your name, e-mail address and phone number removed.",
          "Newsletter subscriptions: until you unsubscribe. An address that is never confirmed is deleted after 30 days. When you unsubscribe we delete our copies of the e-mails about it at once and keep only your address marked as unsubscribed, so that we never write to it again; ask us to erase it and we will.",
          "Copies of the e-mails our website sends (to you, or to us about your request): 90 days, so that we can check they were delivered; then they are deleted. If we erase your request at your wish, they go with it.",
        ],
      },
      {
        heading: "Who we share it with",
        paragraphs: [
          "We do not sell your personal information. We share it only with service providers who help us run the website and send e-mail, under written agreements that require them to protect it, or where the law requires it. Our systems are hosted in South Africa or in countries with adequate data protection laws.",
        ],
      },
      {
        heading: "Security",
        paragraphs: [
          "We protect your information with reasonable technical and organisational measures, including encrypted connections, access control for our staff and regular backups. If a breach affects you, we will notify you and the Information Regulator as POPIA requires.",
        ],
      },
      {
        heading: "Your rights",
        items: [
          "Access: ask us whether we hold information about you and for a copy of it.",
          "Correction and deletion: ask us to correct or delete information that is inaccurate, out of date or no longer needed.",
          "Objection: object to the processing of your information, including for direct marketing.",
          "Complaint: lodge a complaint with the Information Regulator (South Africa), inforeg.org.za.",
        ],
        paragraphs: [
          `To use any of these rights, e-mail ${business.generalEmail} or write to us at ${where}. We will answer within 30 days.`,
        ],
      },
      {
        heading: "How to unsubscribe",
        paragraphs: [
          "Every newsletter e-mail contains an unsubscribe link that takes your address off the newsletter at once. You can also reply to any newsletter or e-mail us and ask to be removed.",
        ],
      },
      {
        heading: "Contact",
        paragraphs: [
          `${business.legalName}, ${where}. Phone ${business.phone}. E-mail ${business.generalEmail}.`,
        ],
      },
    ],
  };
}

export function termsOfService(business: LegalBusiness): LegalDocument {
  const where = addressLine(business);
  return {
    title: "Terms of Service",
    lastUpdated: "2026-11-23",
    intro: `These terms apply to your use of the ${business.name} website and to orders placed on it. By using the website you agree to them. ${business.legalName} is a company registered in South Africa, at ${where}.`,
    sections: [
      {
        heading: "Use of the website",
        paragraphs: [
          "You may use the website for lawful purposes only. Do not try to disrupt it, gain unauthorised access to it or send automated or misleading submissions through its forms.",
        ],
      },
      {
        heading: "User accounts",
        paragraphs: [
          "Accounts are used only by our staff to manage the website. If you have an account, keep your password secret; you are responsible for what happens under your account. We may suspend an account that is misused.",
        ],
      },
      {
        heading: "Quotes and information",
        paragraphs: [
          "Descriptions of our services are general information. A quote is valid only when we send it to you in writing, for the period it states, and any work is governed by the written agreement that follows it.",
        ],
      },
      {
        heading: "Orders, prices and payment",
        items: [
          "Prices are in South African rand (ZAR) and include VAT where applicable. Shipping is calculated when we confirm your order.",
          "Placing an order is an offer to buy. No payment is taken on the website: we contact you to confirm the order, arrange payment and agree delivery. The contract is formed when we confirm.",
          "Bespoke and personalised items are made to order. We may decline an order, for example if an item is no longer available or a price was shown in error.",
        ],
      },
      {
        heading: "Cancellations and returns",
        paragraphs: [
          "You may cancel an order before we confirm it. Your rights under the Consumer Protection Act and the Electronic Communications and Transactions Act apply; however, personalised goods made to your specification cannot be returned unless they are defective.",
        ],
      },
      {
        heading: "Intellectual property",
        paragraphs: [
          "The content of this website, including text, images, designs and logos, belongs to us or our licensors. You may not copy it for commercial use without our written permission.",
        ],
      },
      {
        heading: "Liability",
        paragraphs: [
          "We take care to keep the website accurate and available but do not guarantee that it is free of errors or interruptions. To the extent the law allows, we are not liable for indirect or consequential loss arising from its use.",
        ],
      },
      {
        heading: "Privacy",
        paragraphs: [
          "How we handle personal information is described in our Privacy Policy, which forms part of these terms.",
        ],
      },
      {
        heading: "Governing law and changes",
        paragraphs: [
          "These terms are governed by the laws of the Republic of South Africa. We may update them; the date at the top shows the latest version.",
          `Questions? E-mail ${business.generalEmail} or call ${business.phone}.`,
        ],
      },
    ],
  };
}
