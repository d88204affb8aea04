// The table inside Discord (web/activity.py): the Embedded App SDK's handshake,
// sign-in (authorize -> the backend's token exchange -> authenticate), then the
// table's own script, pointed at this page's relative addresses. The session the
// backend hands out is kept in memory only (no cookie: this page is framed).
import { DiscordSDK } from "./embedded-app-sdk.mjs";

const root = document.documentElement;
const clientId = root.dataset.activity;

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
  const body = await answer.json();
  if (!answer.ok) throw new Error(body.text || String(answer.status));
  await sdk.commands.authenticate({ access_token: body.access_token });
  return body;
}

signIn().then(
  (body) => {
    root.dataset.cards = "cards/";
    root.dataset.socket = `ws?session=${encodeURIComponent(body.session)}`;
    root.dataset.signedIn = "yes";
    const script = document.createElement("script");
    script.src = "static/table.js";
    document.head.append(script);
  },
  (error) => {
    root.dataset.signedIn = "no";
    say(error && error.message ? error.message : "…");
  },
);
