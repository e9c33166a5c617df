export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One look for every e-mail: a heading, paragraphs, an optional button, and the plain-text twin. */
export function renderMail(opts: {
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer?: string;
}): RenderedMail {
  const footer = opts.footer ?? "You receive this because you have an account on The Portal.";
  const text = [
    opts.heading,
    "",
    ...opts.paragraphs.flatMap((p) => [p, ""]),
    ...(opts.action ? [`${opts.action.label}: ${opts.action.url}`, ""] : []),
    "—",
    footer,
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#f4f4f5;padding:24px">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:8px;padding:24px">
<p style="font-weight:600;color:#71717a;margin:0 0 16px">The Portal</p>
<h1 style="font-size:20px;margin:0 0 16px">${escape(opts.heading)}</h1>
${opts.paragraphs.map((p) => `<p style="line-height:1.5">${escape(p)}</p>`).join("\n")}
${opts.action ? `<p><a href="${escape(opts.action.url)}" style="display:inline-block;background:#18181b;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escape(opts.action.label)}</a></p><p style="font-size:12px;color:#71717a;word-break:break-all">${escape(opts.action.url)}</p>` : ""}
<p style="font-size:12px;color:#71717a;margin-top:24px">${escape(footer)}</p>
</div></body></html>`;
  return { subject: opts.subject, text, html };
}
