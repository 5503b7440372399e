/**
 * Sends a rendered e-mail: over SMTP when SMTP_URL is set, otherwise as an .eml file under
 * MAIL_DIR (named after the e-mail's row id, so sending the same e-mail twice writes one file).
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { RenderedEmail } from './render';

export interface Delivery {
  transport: 'smtp' | 'file';
  messageId: string;
  location: string | null;
}

export interface MailSender {
  send(message: RenderedEmail & { id: string; to: string }): Promise<Delivery>;
  close(): void;
}

export function createMailSender(config: { SMTP_URL?: string | undefined; MAIL_FROM: string; MAIL_DIR: string }): MailSender {
  const from = config.MAIL_FROM;
  const domain = from.match(/@([^>\s]+)/)?.[1] ?? 'grantwork.local';
  const messageIdOf = (id: string) => `<${id}@${domain}>`;

  if (config.SMTP_URL) {
    const transporter = nodemailer.createTransport(config.SMTP_URL);
    return {
      async send(message) {
        // A fixed Message-ID lets a receiving server drop a duplicate if a retry resends it.
        const messageId = messageIdOf(message.id);
        await transporter.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html, messageId, headers: message.headers });
        return { transport: 'smtp', messageId, location: null };
      },
      close: () => transporter.close(),
    };
  }

  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = path.resolve(config.MAIL_DIR);
  return {
    async send(message) {
      const messageId = messageIdOf(message.id);
      const info = await transporter.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html, messageId, headers: message.headers });
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${message.id}.eml`);
      // Written under a temporary name and renamed, so a reader never sees half a message.
      const temp = `${file}.tmp`;
      await writeFile(temp, info.message as Buffer);
      await rename(temp, file);
      return { transport: 'file', messageId, location: file };
    },
    close: () => transporter.close(),
  };
}
