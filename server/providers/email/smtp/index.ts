import type { VendorDefinition } from '../../vendor';
import type { EmailClient } from '../email';
import { createSmtpClientFrom } from './client';
import { smtpSimulator } from './simulator';

export const smtp: VendorDefinition<EmailClient, never> = {
  capability: 'email',
  vendor: 'smtp',
  title: 'SMTP',
  docs: ['https://www.rfc-editor.org/rfc/rfc5321', 'https://nodemailer.com/smtp/'],
  variables: [
    { name: 'SMTP_URL', required: true, secret: true, meaning: 'smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465' },
    { name: 'MAIL_FROM', required: true, meaning: 'the sender of emails, e.g. `Onboard <no-reply@broker.in>`' },
  ],
  create: createSmtpClientFrom,
  simulator: smtpSimulator,
};
