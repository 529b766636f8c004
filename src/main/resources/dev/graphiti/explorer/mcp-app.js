// The explorer as an MCP App (io.modelcontextprotocol/ui): the same views as the page, inside the client's sandboxed
// frame. It reaches the server only through the host, JSON-RPC over postMessage (tools/call), never over the network
// (its Content-Security-Policy allows no connection); item text is untrusted, drawn as text only (views.js).
"use strict";

const main = document.getElementById("main");
const pending = new Map();
let nextId = 1;
// Where the host's tool call looked (scope, dir): the app's own calls look there too.
const place = {};

function post(message) {
  window.parent.postMessage(Object.assign({ jsonrpc: "2.0" }, message), "*");
}

function request(method, params) {
  const id = nextId++;
  post({ id, method, params });
  return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
}

function notify(method, params) {
  post({ method, params: params || {} });
}

async function call(name, args) {
  const result = await request("tools/call", { name, arguments: Object.assign({}, place, args) });
  const said = (result.content || []).filter((block) => block.type === "text").map((block) => block.text).join("\n");
  if (result.isError) throw new Error(said || name + " failed");
  return result;
}

function items(result) {
  return ((result.structuredContent && result.structuredContent.items) || []).map(lowerKind);
}

function lowerKind(item) {
  return Object.assign({}, item, { kind: String(item.kind || "").toLowerCase() });
}

function showError(error) {
  main.replaceChildren(el("p", { class: "error", text: error.message }));
}

function show(view, ...children) {
  main.replaceChildren(...children);
  main.dataset.view = view;
  for (const link of document.querySelectorAll("nav a")) link.classList.toggle("active", link.id === "nav-" + view);
}

let searchSerial = 0;

function searchView(query, first) {
  const box = el("input", { type: "search", id: "q", placeholder: "Search what the project knows", value: query || "" });
  const results = el("div", { id: "results" });
  const run = async (result) => {
    const serial = ++searchSerial;
    if (!box.value.trim()) { results.replaceChildren(el("p", { class: "empty", text: "Type to search." })); return; }
    try {
      const answer = result || await call("graphiti_search", { query: box.value, limit: 20 });
      if (serial === searchSerial) results.replaceChildren(list(items(answer), "Nothing found."));
    } catch (error) {
      if (serial === searchSerial) results.replaceChildren(el("p", { class: "error", text: error.message }));
    }
  };
  let timer;
  box.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(() => run(), 150); });
  show("search", box, results);
  run(first);
}

async function newestView(result) {
  const answer = result || await call("graphiti_list", { limit: 30 });
  show("list", el("h2", { text: "Newest first" }), list(items(answer), "No items."));
}

function section(title, content) {
  return el("section", {}, el("h2", { text: title }), content);
}

function itemView(item) {
  item = lowerKind(item);
  const meta = el("div", { class: "meta" }, el("span", { class: "kind " + item.kind, text: item.kind }),
    document.createTextNode(item.id + " · " + when(item.created_at) + " · source " + item.source));
  for (const tag of item.tags || []) meta.append(el("span", { class: "tag", text: " #" + tag }));
  const article = el("article", { id: "item" }, el("h1", { text: item.title }), meta,
    el("div", { class: "content", id: "content", text: item.content }));
  if (item.superseded_by) {
    article.append(el("p", { class: "meta" }, document.createTextNode("Superseded by "),
      itemLink({ id: item.superseded_by, title: item.superseded_by })));
  }
  const entities = el("ul", { class: "items" });
  for (const entity of item.entities || []) {
    entities.append(el("li", {}, el("a", { class: "title", href: "#/search/" + encodeURIComponent(entity.name), text: entity.name }),
      document.createTextNode(" (" + entity.type + ")")));
  }
  article.append(section("Entities", entities.childElementCount ? entities : el("p", { class: "empty", text: "None." })));
  article.append(section("Related items", list((item.related || []).map(lowerKind), "None.")));
  article.append(section("Supersession chain (oldest first)", list(item.chain || [], "This item has no predecessor or successor.")));
  show("item", article);
}

async function open(id) {
  const result = await call("graphiti_show", { id });
  itemView(result.structuredContent);
}

// Links inside the app are routes (#/item/ID, #/search/WORDS, #/list), followed here: the frame's own address stays.
async function follow(href) {
  try {
    if (href.startsWith("#/item/")) await open(decodeURIComponent(href.slice(7)));
    else if (href.startsWith("#/search/")) searchView(decodeURIComponent(href.slice(9)));
    else if (href === "#/list") await newestView();
    else searchView(document.getElementById("q")?.value || "");
  } catch (error) {
    showError(error);
  }
}

document.addEventListener("click", (event) => {
  const link = event.target.closest && event.target.closest("a[href^='#']");
  if (!link) return;
  event.preventDefault();
  follow(link.getAttribute("href"));
});

// What the host's own call of a tool brought: the arguments first, then the result.
let toolInput = {};

function toolResult(result) {
  if (result.isError) { showError(new Error((result.content || []).map((block) => block.text || "").join("\n"))); return; }
  if (result.structuredContent && result.structuredContent.content !== undefined) itemView(result.structuredContent);
  else if (toolInput.query !== undefined) searchView(toolInput.query, result);
  else newestView(result).catch(showError);
}

function themed(context) {
  if (!context) return;
  if (context.theme) document.documentElement.dataset.theme = context.theme;
  const variables = context.styles && context.styles.variables;
  for (const [name, value] of Object.entries(variables || {})) {
    if (name.startsWith("--") && typeof value === "string") document.documentElement.style.setProperty(name, value);
  }
}

window.addEventListener("message", (event) => {
  if (event.source !== window.parent) return; // only the host speaks to the app
  const message = event.data;
  if (!message || message.jsonrpc !== "2.0") return;
  if (message.id !== undefined && !message.method) {
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.error) waiting.reject(new Error(message.error.message || "the host refused"));
    else waiting.resolve(message.result);
    return;
  }
  const params = message.params || {};
  switch (message.method) {
    case "ui/notifications/tool-input":
      toolInput = params.arguments || {};
      for (const key of ["scope", "dir"]) if (toolInput[key]) place[key] = toolInput[key];
      break;
    case "ui/notifications/tool-result":
      toolResult(params);
      break;
    case "ui/notifications/tool-cancelled":
      showError(new Error("The call was cancelled" + (params.reason ? ": " + params.reason : ".")));
      break;
    case "ui/notifications/host-context-changed":
      themed(params);
      break;
    case "ping":
    case "ui/resource-teardown": // nothing unsaved to keep
      post({ id: message.id, result: {} });
      break;
    default:
      if (message.id !== undefined) post({ id: message.id, error: { code: -32601, message: "Method not found: " + message.method } });
  }
});

// The content's own size (the html element's box; scrollHeight would be at least the frame's), so the host can fit
// the frame to it.
new ResizeObserver(() => {
  const box = document.documentElement.getBoundingClientRect();
  notify("ui/notifications/size-changed", { width: Math.ceil(box.width), height: Math.ceil(box.height) });
}).observe(document.documentElement);

request("ui/initialize", { appInfo: { name: "graphiti explorer", version: "1" },
  appCapabilities: { availableDisplayModes: ["inline"] }, protocolVersion: "2026-01-26" })
  .then((result) => {
    themed(result.hostContext);
    notify("ui/notifications/initialized");
    if (!main.dataset.view) searchView("");
  })
  .catch(showError);
