import { randomBytes } from 'node:crypto';
import { AUTH_MESSAGE_SOURCE, type AuthMessage } from '@app/contracts';

/*
 * The small HTML pages of the sign-in popup. They run one inline script, allowed by a per-page
 * nonce in the Content-Security-Policy; nothing else may run or load.
 */

export type AuthPage = { html: string; contentSecurityPolicy: string };

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** JSON safe inside a <script> element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

function page(title: string, body: string, script?: string): AuthPage {
  const nonce = randomBytes(16).toString('base64');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">
body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f5f7fa;color:#1d2433}
main{background:#fff;padding:2rem;border-radius:12px;box-shadow:0 4px 24px rgba(0,0,0,.08);max-width:26rem;width:90%}
h1{font-size:1.25rem;margin:0 0 1rem}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}
input[type=email],input[type=text]{width:100%;box-sizing:border-box;padding:.5rem;border:1px solid #c5cbd6;border-radius:6px;font:inherit}
button{margin-top:1.25rem;width:100%;padding:.6rem;border:0;border-radius:6px;background:#0b6bcb;color:#fff;font:inherit;font-weight:600;cursor:pointer}
.check{display:flex;gap:.5rem;align-items:center;font-weight:400}
p.error{color:#b42318}
</style>
</head>
<body><main>${body}</main>${script ? `<script nonce="${nonce}">${script}</script>` : ''}</body>
</html>`;
  const contentSecurityPolicy = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return { html, contentSecurityPolicy };
}

/**
 * The authentication-success page: hands the token to the opener (only at the trusted origin) and
 * closes; a client without a popup is sent to `<redirect>?token=<token>` instead.
 */
export function successPage(token: string, redirect: URL): AuthPage {
  const message: AuthMessage = { source: AUTH_MESSAGE_SOURCE, type: 'token', token };
  const fallback = new URL(redirect);
  fallback.searchParams.set('token', token);
  return page(
    'Signed in',
    '<h1>You are signed in.</h1><p>You can close this window.</p>',
    `(function(){var m=${scriptJson(message)};var o=${scriptJson(redirect.origin)};
if(window.opener&&!window.opener.closed){window.opener.postMessage(m,o);window.close();}
else{window.location.replace(${scriptJson(fallback.href)});}})();`,
  );
}

/** A failed sign-in: tells the opener (which shows its own text) and explains in the popup. */
export function failurePage(code: string, message: string, targetOrigin: string): AuthPage {
  const payload: AuthMessage = { source: AUTH_MESSAGE_SOURCE, type: 'error', code, message };
  return page(
    'Sign-in failed',
    `<h1>Sign-in failed</h1><p class="error" data-code="${escapeHtml(code)}">${escapeHtml(message)}</p>
<p>Close this window and try again.</p>`,
    `(function(){if(window.opener&&!window.opener.closed){window.opener.postMessage(${scriptJson(payload)},${scriptJson(targetOrigin)});}})();`,
  );
}

/** The fake provider's form, for people and browser tests: who to sign in as. */
export function fakeSignInForm(action: string, hidden: Record<string, string | undefined>): AuthPage {
  const fields = Object.entries(hidden)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value!)}">`)
    .join('');
  return page(
    'Developer sign-in',
    `<h1>Developer sign-in</h1>
<p>Not available in production: signs in as anyone, registering them on first use.</p>
<form method="get" action="${escapeHtml(action)}">${fields}
<label for="email">Email</label><input id="email" name="email" type="email" required autocomplete="off">
<label for="name">Name</label><input id="name" name="name" type="text" maxlength="200" autocomplete="off">
<label class="check"><input name="student" type="checkbox" value="true"> Verified student</label>
<button type="submit">Sign in</button>
</form>`,
  );
}
