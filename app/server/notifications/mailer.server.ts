import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { redactUrl } from "../db/client.server.ts";
import type { Env } from "../env.server.ts";

/*
 * The transports (decision 003): SMTP through nodemailer when SMTP_URL is set, otherwise every
 * message becomes an .eml file under DATA_DIR/mail/, so a fresh install loses nothing and an
 * operator can read what would have been sent.
 */

/** A stored outbox row, ready to send. */
export interface MailMessage {
  id: string;
  kind: string;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  createdAt: Date;
  /**
   * The name the message is sent under (the business details' sender name, decision 042);
   * the address stays MAIL_FROM's, which the mail server is set up to send for.
   */
  senderName?: string | null;
}

export interface Mailer {
  /** For the start-up log, without secrets: "SMTP smtp://host:587/" or "files in …". */
  readonly description: string;
  /** Resolves once the message is accepted (by the SMTP server, or written and synced). */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

type MailEnv = Pick<Env, "SMTP_URL" | "MAIL_FROM" | "DATA_DIR" | "PUBLIC_URL">;

/** The address of a From setting: "Website <shop@example.co.za>" → "shop@example.co.za". */
export function fromAddress(from: string): string {
  return /<([^<>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim();
}

/** MAIL_FROM with the sender name in place of its own (as an object: never re-parsed). */
function senderFrom(mailFrom: string, senderName: string | null | undefined) {
  return senderName ? { name: senderName, address: fromAddress(mailFrom) } : mailFrom;
}

/** Where the file transport writes. */
export function mailDirectory(env: Pick<Env, "DATA_DIR">): string {
  return path.join(env.DATA_DIR, "mail");
}

export function createMailer(env: MailEnv): Mailer {
  return env.SMTP_URL ? createSmtpMailer(env, env.SMTP_URL) : createFileMailer(env);
}

/**
 * nodemailer options for one message. Addresses are given as objects so that a stored value
 * is always exactly one address (never parsed as a list), and the Message-ID derives from the
 * row id: a message re-sent after a crash carries the same id, so mail clients can tell.
 */
function mailOptions(env: MailEnv, message: MailMessage) {
  const domain = new URL(env.PUBLIC_URL).hostname || "localhost";
  return {
    from: senderFrom(env.MAIL_FROM, message.senderName),
    to: { name: "", address: message.to },
    replyTo: message.replyTo ? { name: "", address: message.replyTo } : undefined,
    subject: message.subject.replace(/\s+/g, " ").trim(),
    text: message.text,
    html: message.html,
    headers: message.headers,
    messageId: `<${message.id}@${domain}>`,
    date: message.createdAt,
  };
}

function createSmtpMailer(env: MailEnv, url: string): Mailer {
  const transport = nodemailer.createTransport({
    url,
    // One kept-open connection: the worker sends one message at a time, and reusing the
    // connection saves a handshake and login per message (about 5× faster).
    pool: true,
    maxConnections: 1,
    // Bounded waits: a hung server must not hold a claimed message past its lease.
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  return {
    description: `SMTP ${redactUrl(url)}`,
    async send(message) {
      await transport.sendMail(mailOptions(env, message));
    },
    close: () => transport.close(),
  };
}

function createFileMailer(env: MailEnv): Mailer {
  const directory = mailDirectory(env);
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  return {
    description: `files in ${path.resolve(directory)}`,
    async send(message) {
      const info = await transport.sendMail(mailOptions(env, message));
      await fs.mkdir(directory, { recursive: true });
      // The name derives from the row, so a re-send after a crash rewrites the same file.
      const stamp = message.createdAt.toISOString().replace(/[:.]/g, "-");
      const file = path.join(directory, `${stamp}-${message.kind}-${message.id}.eml`);
      const temporary = `${file}.${process.pid}.tmp`;
      const handle = await fs.open(temporary, "w", 0o640);
      try {
        await handle.writeFile(info.message as Buffer);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(temporary, file);
    },
    close: () => transport.close(),
  };
}

/**
 * A refusal that retrying cannot fix: the SMTP server rejected the recipient with a 5xx reply
 * (e.g. 550 no such mailbox). Connection problems, timeouts, 4xx replies and other 5xx
 * replies (such as a rejected login, which the operator can fix) are retried.
 */
export function isPermanentFailure(error: unknown): boolean {
  const { responseCode, command } = (error ?? {}) as { responseCode?: unknown; command?: unknown };
  return (
    typeof responseCode === "number" &&
    responseCode >= 500 &&
    responseCode < 600 &&
    typeof command === "string" &&
    /^RCPT\b/i.test(command)
  );
}
