import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import type { TestCertificate } from "./tls.ts";

export interface ReceivedMail {
  mail: ParsedMail;
  /** The SMTP envelope recipients (RCPT TO), which decide where a message really goes. */
  rcptTo: string[];
  mailFrom: string;
  /** Whether the session ran over TLS. */
  secure: boolean;
}

/**
 * A real SMTP server on 127.0.0.1 for one test file, with login (user "mailer", password
 * "s3cret", like an SMTP_URL with credentials). It parses what arrives with mailparser.
 * `stop()` takes it down (connections are refused) and `start()` brings it back on the same
 * port. Recipients listed in `rejectRecipients` get "550 no such mailbox". With `tls` it speaks
 * TLS from the first byte with that certificate (implicit TLS, an smtps:// server).
 */
export async function startSmtpServer(
  options: { rejectRecipients?: string[]; tls?: TestCertificate } = {},
) {
  const received: ReceivedMail[] = [];
  /** Connection errors the server reported (e.g. a client that gave up the TLS handshake). */
  const errors: Error[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  let server: SMTPServer | undefined;
  let port = 0;

  const notify = () => {
    for (const waiter of [...waiters]) {
      if (received.length >= waiter.count) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };

  const create = () =>
    new SMTPServer({
      logger: false,
      disableReverseLookup: true,
      ...(options.tls ? { secure: true, key: options.tls.key, cert: options.tls.cert } : {}),
      disabledCommands: ["STARTTLS"],
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        if (auth.username === "mailer" && auth.password === "s3cret") {
          callback(null, { user: auth.username });
        } else {
          callback(new Error("Invalid username or password"));
        }
      },
      onRcptTo(address, _session, callback) {
        if (options.rejectRecipients?.includes(address.address)) {
          const error = new Error("No such mailbox") as Error & { responseCode: number };
          error.responseCode = 550;
          callback(error);
          return;
        }
        callback();
      },
      onData(stream, session, callback) {
        simpleParser(stream).then(
          (mail) => {
            received.push({
              mail,
              rcptTo: session.envelope.rcptTo.map((to) => to.address),
              mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              secure: session.secure,
            });
            callback();
            notify();
          },
          (error: Error) => callback(error),
        );
      },
    });

  const start = async () => {
    const next = create();
    await new Promise<void>((resolve, reject) => {
      next.once("error", reject);
      next.listen(port, "127.0.0.1", () => {
        next.off("error", reject);
        next.on("error", (error) => errors.push(error));
        resolve();
      });
    });
    server = next;
    port = (next.server.address() as AddressInfo).port;
  };

  const stop = async () => {
    const current = server;
    server = undefined;
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  };

  await start();
  return {
    received,
    errors,
    get port() {
      return port;
    },
    get running() {
      return server !== undefined;
    },
    /** The SMTP_URL for this server, with its credentials (smtps:// for a TLS server). */
    get url() {
      return `${options.tls ? "smtps" : "smtp"}://mailer:s3cret@127.0.0.1:${port}`;
    },
    start,
    stop,
    /** Resolves once `count` messages in total have arrived. */
    waitForCount(count: number) {
      return new Promise<void>((resolve) => {
        waiters.push({ count, resolve });
        notify();
      });
    },
    /** The received messages whose Message-ID is that of the outbox row `id`. */
    byRowId(id: string) {
      return received.filter((entry) => entry.mail.messageId?.startsWith(`<${id}@`));
    },
  };
}

export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;
