import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The message's top-level header lines, by lower-case name (folded lines joined). */
  headers: Record<string, string>;
  raw: string;
}

export interface SmtpPeer {
  port: number;
  url: string;
  messages: ReceivedMail[];
  /** Every message sent to this address so far (case-insensitive). */
  to(address: string): ReceivedMail[];
  /** A stalled server: every message's data is read, and the answer to it waits for `release`. */
  hold(): void;
  /**
   * Answers the held messages and stops holding. A message whose connection closed meanwhile was never
   * accepted (its sender could not hear the answer) and is not counted.
   */
  release(): void;
  /** Messages read and waiting for their answer. */
  readonly waiting: number;
  /** Client connections open right now. */
  readonly connections: number;
  close(): Promise<void>;
}

/**
 * A real SMTP peer for the portal to talk to, so tests see exactly what left the server
 * (the portal's outbox copy could hide a transport that never delivers).
 */
/** `port` restarts a peer where a stopped one listened, to test a mail server coming back. */
export async function startSmtpPeer(port = 0): Promise<SmtpPeer> {
  const messages: ReceivedMail[] = [];
  const open = new Set<string>();
  let holding = false;
  const held: { session: string; answer: () => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onConnect(session, callback) {
      open.add(session.id);
      callback();
    },
    onClose(session) {
      open.delete(session.id);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const answer = () => {
          if (!open.has(session.id)) return callback(new Error("the client is gone"));
          try {
            const raw = Buffer.concat(chunks).toString("utf8");
            const parsed = parseMessage(raw);
            messages.push({
              ...parsed,
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((r) => r.address),
              raw,
            });
            callback();
          } catch (err) {
            callback(err as Error);
          }
        };
        if (holding) held.push({ session: session.id, answer });
        else answer();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const bound = (server.server.address() as AddressInfo).port;
  return {
    port: bound,
    url: `smtp://127.0.0.1:${bound}`,
    messages,
    to: (address) => messages.filter((m) => m.to.some((t) => t.toLowerCase() === address.toLowerCase())),
    hold: () => void (holding = true),
    release: () => {
      holding = false;
      for (const h of held.splice(0)) h.answer();
    },
    get waiting() {
      return held.length;
    },
    get connections() {
      return open.size;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// A small MIME reader: enough for what nodemailer sends (multipart/alternative, quoted-printable or base64 parts).

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const normalised = raw.replace(/\r\n/g, "\n");
  const end = normalised.indexOf("\n\n");
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? "" : normalised.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  if (encoding === "quoted-printable") return decodeQuotedPrintable(part.body);
  if (encoding === "base64") return Buffer.from(part.body.replace(/\s+/g, ""), "base64").toString("utf8");
  return part.body;
}

export function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const text = s.replace(/=\r?\n/g, "");
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    const hex = text.slice(i + 1, i + 3);
    if (ch === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeHeader(value: string): string {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*/g, (_m, _charset: string, enc: string, data: string) =>
    enc.toUpperCase() === "B"
      ? Buffer.from(data, "base64").toString("utf8")
      : decodeQuotedPrintable(data.replace(/_/g, " ")),
  );
}

function collect(part: Part, out: { text: string; html: string }) {
  const type = part.headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith("--")) break;
      collect(splitPart(section.replace(/^\n/, "")), out);
    }
    return;
  }
  if (/^text\/html/i.test(type)) out.html += decodeBody(part);
  else if (/^text\/plain/i.test(type)) out.text += decodeBody(part);
}

export function parseMessage(raw: string): {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
} {
  const root = splitPart(raw);
  const out = { text: "", html: "" };
  collect(root, out);
  return {
    subject: decodeHeader(root.headers.get("subject") ?? ""),
    ...out,
    headers: Object.fromEntries(root.headers),
  };
}
