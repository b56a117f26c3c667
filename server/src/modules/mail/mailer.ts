import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

// Mail out: SMTP (SMTP_URL) through nodemailer, or — with no SMTP in development — a dev outbox of JSON files in
// DATA_DIR/outbox that developers read (README) and tests assert on. No outbox in production.
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  /** Development outbox, newest first; empty when mail goes over SMTP. */
  outbox(limit?: number): Array<OutgoingMail & { at: string }>;
  kind: 'smtp' | 'outbox' | 'disabled';
}

export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  production: boolean;
  log?: { error(o: object, m: string): void };
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
      },
      outbox: () => [],
    };
  }
  if (options.production) {
    return {
      kind: 'disabled',
      async send(mail) {
        options.log?.error({ subject: mail.subject }, 'SMTP_URL is not set: mail not sent');
      },
      outbox: () => [],
    };
  }
  let sequence = 0;
  return {
    kind: 'outbox',
    async send(mail) {
      mkdirSync(options.outboxDir, { recursive: true });
      const at = new Date().toISOString();
      const name = `${at.replace(/[:.]/g, '-')}-${String(sequence++).padStart(4, '0')}.json`;
      writeFileSync(join(options.outboxDir, name), JSON.stringify({ at, from: options.from, ...mail }, null, 2));
    },
    outbox(limit = 20) {
      let files: string[];
      try {
        files = readdirSync(options.outboxDir).filter((f) => f.endsWith('.json'));
      } catch {
        return [];
      }
      return files
        .sort()
        .reverse()
        .slice(0, limit)
        .map((f) => JSON.parse(readFileSync(join(options.outboxDir, f), 'utf8')) as OutgoingMail & { at: string });
    },
  };
}
