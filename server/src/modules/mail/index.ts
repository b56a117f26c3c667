// Owns: sending player mails (SMTP or the development outbox) and their translated texts.
// Does not own: when to send them (accounts and other modules decide).
// Called by: app.ts wiring; accounts (verification, reset).
export { createMailer, type Mailer, type OutgoingMail } from './mailer';
export { renderMail, type MailTemplate } from './mail.templates';
