/** What /rest/v1/emails answers: the sent mail (SMTP) or the outbox, newest first, a page at a time. */
export interface EmailDto {
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string | null;
  transport: string;
  createdAt: string;
}

export interface EmailPageDto {
  transport: "smtp" | "outbox";
  total: number;
  items: EmailDto[];
}
