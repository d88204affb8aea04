// The table inside Discord (web/activity.py): the Embedded App SDK's handshake,
// sign-in (authorize -> the backend's token exchange -> authenticate), then the
// table's own script, pointed at this page's relative addresses. The session the
// backend hands out is kept in memory only (no cookie: this page is framed).
// "Sign out" ends the session at the backend (logout): its socket is closed and
// the session opens nothing again; the page says so and stops reconnecting.
import { DiscordSDK } from "./embedded-app-sdk.mjs";

const root = document.documentElement;
const clientId = root.dataset.activity;

// A refusal in the room's own words (the reader's language), shown as it is.
class Refused extends Error {}

function say(text) {
  const banner = document.getElementById("banner");
  banner.textContent = text;
  banner.hidden = false;
}

async function signIn() {
  say(root.dataset.signingIn);
  const sdk = new DiscordSDK(clientId, { disableConsoleLogOverride: true });
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: clientId,
    response_type: "code",
    state: "",
    prompt: "none",
    scope: ["identify"],
  });
  const answer = await fetch("token", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ code, instance_id: sdk.instanceId }),
  });
  const body = await answer.json().catch(() => ({}));
  if (!answer.ok || !body.session) throw new Refused(body.text || root.dataset.unavailable);
  await sdk.commands.authenticate({ access_token: body.access_token });
  return body;
}

async function signOut(session) {
  // Marked first: the table's script does not reconnect a socket the backend closes.
  root.dataset.signedIn = "out";
  const button = document.getElementById("sign-out");
  button.disabled = true;
  try {
    const answer = await fetch("logout", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ session }),
    });
    const body = await answer.json().catch(() => ({}));
    if (!answer.ok) throw new Refused(body.text || root.dataset.unavailable);
    document.getElementById("account").hidden = true;
    say(body.text || root.dataset.signedOut);
  } catch (error) {
    root.dataset.signedIn = "yes";
    button.disabled = false;
    say(error instanceof Refused ? error.message : root.dataset.unavailable);
  }
}

signIn().then(
  (body) => {
    root.dataset.cards = "cards/";
    root.dataset.socket = `ws?session=${encodeURIComponent(body.session)}`;
    root.dataset.signedIn = "yes";
    const account = document.getElementById("account");
    document.getElementById("sign-out").addEventListener("click", () => signOut(body.session));
    account.hidden = false;
    const script = document.createElement("script");
    script.src = "static/table.js";
    document.head.append(script);
  },
  (error) => {
    root.dataset.signedIn = "no";
    // Discord's own errors (the SDK's, in English) are not shown: the page's sentence is.
    say(error instanceof Refused ? error.message : root.dataset.signInFailed);
  },
);
