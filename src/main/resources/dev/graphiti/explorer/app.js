// The graphiti explorer. Item text is untrusted: it reaches the page only through textContent, never as HTML.
"use strict";

const csrf = document.querySelector('meta[name="graphiti-csrf"]').content;
const main = document.getElementById("main");
const KINDS = ["", "decision", "architecture", "bugfix", "preference", "pattern", "note", "commit", "conversation"];

// Beside a team server's MCP endpoint the API wants the same bearer token as the endpoint: the page asks for it and
// keeps it for this tab only (sessionStorage), never in a cookie, so no other site can make the browser send it.
const TOKEN = "graphiti-token";

class NeedsToken extends Error {}

async function api(path, body) {
  const headers = {};
  const bearer = sessionStorage.getItem(TOKEN);
  if (bearer) headers["Authorization"] = "Bearer " + bearer;
  const options = body === undefined ? { headers } : {
    method: "POST", body: JSON.stringify(body),
    headers: Object.assign(headers, { "Content-Type": "application/json", "X-Graphiti-Csrf": csrf })
  };
  const response = await fetch(path, options);
  const data = await response.json();
  if (response.status === 401) throw new NeedsToken(data.error || "this server needs a token");
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

function tokenView(error) {
  const input = el("input", { type: "password", id: "token", autocomplete: "off", placeholder: "bearer token", size: "40",
    "aria-label": "bearer token" });
  const use = el("button", { class: "primary", type: "submit", text: "Use this token", id: "token-use" });
  const form = el("form", { class: "token", id: "token-form" },
    el("p", { text: "This server needs the token your team uses for its MCP endpoint." }),
    input, use, el("p", { class: "meta", text: "Kept in this tab only, until you close it." }));
  if (sessionStorage.getItem(TOKEN)) form.prepend(el("p", { class: "error", text: error.message }));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (!input.value.trim()) return;
    sessionStorage.setItem(TOKEN, input.value.trim());
    route();
  });
  main.replaceChildren(el("h2", { text: "Sign in" }), form);
  main.dataset.view = "token";
  input.focus();
}

function filters(params, onChange) {
  const kind = el("select", { name: "kind", "aria-label": "kind" });
  for (const k of KINDS) kind.append(el("option", { value: k, text: k || "any kind" }));
  kind.value = params.get("kind") || "";
  const tag = el("input", { name: "tag", placeholder: "tag", value: params.get("tag") || "", size: "10" });
  const since = el("input", { name: "since", type: "date", value: params.get("since") || "", "aria-label": "since" });
  const all = el("input", { name: "all", type: "checkbox" });
  all.checked = params.get("all") === "true";
  const change = () => {
    const next = new URLSearchParams(params);
    for (const [key, input] of [["kind", kind], ["tag", tag], ["since", since]]) {
      if (input.value) next.set(key, input.value); else next.delete(key);
    }
    if (all.checked) next.set("all", "true"); else next.delete("all");
    onChange(next);
  };
  for (const input of [kind, tag, since, all]) input.addEventListener("change", change);
  return el("div", { class: "filters" }, kind, tag, since, el("label", {}, all, document.createTextNode(" superseded too")));
}

function showError(error) {
  main.replaceChildren(el("p", { class: "error", text: error.message }));
}

let searchSerial = 0;

async function searchView(params) {
  const box = el("input", { type: "search", id: "q", placeholder: "Search what the project knows", value: params.get("q") || "", autofocus: "" });
  const results = el("div", { id: "results" });
  const run = async (next) => {
    const serial = ++searchSerial;
    history.replaceState(null, "", "#/?" + next.toString());
    if (!next.get("q")) { results.replaceChildren(el("p", { class: "empty", text: "Type to search." })); return; }
    try {
      const hits = await api("api/search?" + next.toString());
      if (serial === searchSerial) results.replaceChildren(list(hits, "Nothing found."));
    } catch (error) {
      if (error instanceof NeedsToken) tokenView(error);
      else if (serial === searchSerial) results.replaceChildren(el("p", { class: "error", text: error.message }));
    }
  };
  let timer;
  box.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(() => { params.set("q", box.value); run(params); }, 120);
  });
  main.replaceChildren(box, filters(params, (next) => { params = next; params.set("q", box.value); run(params); }), results);
  box.focus();
  run(params);
}

async function listView(params) {
  const items = await api("api/list?" + params.toString());
  main.replaceChildren(el("h2", { text: "Newest first" }),
    filters(params, (next) => { location.hash = "#/list?" + next.toString(); }), list(items, "No items."));
}

function section(title, content) {
  return el("section", {}, el("h2", { text: title }), content);
}

async function itemView(id) {
  const item = await api("api/item?id=" + encodeURIComponent(id));
  const meta = el("div", { class: "meta" }, el("span", { class: "kind " + item.kind, text: item.kind }),
    document.createTextNode(item.id + " · " + when(item.created_at) + " · source " + item.source));
  for (const tag of item.tags) meta.append(el("span", { class: "tag", text: " #" + tag }));
  const article = el("article", { id: "item" }, el("h1", { text: item.title }), meta,
    el("div", { class: "content", id: "content", text: item.content }));
  if (item.superseded_by) {
    article.append(el("p", { class: "meta" }, document.createTextNode("Superseded by "),
      itemLink({ id: item.superseded_by, title: item.superseded_by })));
  }
  // git time's mark: since which commit (or item), why, and from when; the item stays, marked
  if (item.ended_by) {
    article.append(el("p", { class: "stale", id: "stale", title: item.ended_by,
      text: "Stale since " + item.ended_by.slice(0, 12) + (item.valid_until ? " (" + when(item.valid_until) + ")" : "")
        + ": " + item.ended_why }));
  }
  // the code the item is about: a file by its name, its path on hover
  if (item.anchors && item.anchors.length) {
    const anchors = el("p", { class: "anchors", id: "anchors" }, document.createTextNode("About "));
    item.anchors.forEach((anchor, i) => {
      const name = anchor.kind === "file" ? anchor.value.slice(anchor.value.lastIndexOf("/") + 1) : anchor.value;
      anchors.append(el("code", { title: anchor.value + " (" + anchor.kind + ", " + anchor.origin + ")", text: name }));
      if (i < item.anchors.length - 1) anchors.append(document.createTextNode(", "));
    });
    article.append(anchors);
  }
  article.append(actions(item, () => route()));
  const entities = el("ul", { class: "items" });
  for (const entity of item.entities) {
    entities.append(el("li", {}, el("a", { class: "title", href: "#/entity/" + encodeURIComponent(entity.name), text: entity.name }),
      document.createTextNode(" (" + entity.type + ")")));
  }
  article.append(section("Entities", item.entities.length ? entities : el("p", { class: "empty", text: "None." })));
  article.append(section("Related items", list(item.related, "None.")));
  article.append(section("Supersession chain (oldest first)", list(item.chain, "This item has no predecessor or successor.")));
  const provenance = el("ul", { class: "items" });
  for (const former of item.provenance) {
    provenance.append(el("li", {}, el("div", { text: former.title }),
      el("div", { class: "meta", text: former.relation + " · " + former.id + " · " + former.source + " · " + when(former.created_at) })));
  }
  article.append(section("Provenance", item.provenance.length ? provenance : el("p", { class: "empty", text: "Nothing was folded into it." })));
  main.replaceChildren(article);
}

function toast(text, undo) {
  const box = document.getElementById("toast");
  document.getElementById("toast-text").textContent = text;
  const button = document.getElementById("toast-undo");
  button.hidden = !undo;
  button.onclick = async () => {
    box.hidden = true;
    try { await undo(); toast("Undone."); } catch (error) { toast(error.message); }
    route();
  };
  box.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { box.hidden = true; }, 10000);
}

async function attempt(work) {
  try { await work(); } catch (error) { if (error instanceof NeedsToken) tokenView(error); else toast(error.message); }
}

function actions(item, done) {
  const bar = el("div", { class: "actions" });
  if (item.current === false) return bar;
  const accept = el("button", { class: "primary", type: "button", text: "Accept", "data-action": "accept" });
  accept.onclick = () => attempt(async () => {
    await api("api/accept", { id: item.id });
    toast("Accepted " + item.id + ".", () => api("api/unaccept", { id: item.id }));
    done();
  });
  const supersede = el("button", { type: "button", text: "Supersede…", "data-action": "supersede" });
  supersede.onclick = () => attempt(async () => {
    const text = el("textarea", { id: "supersede-text", "aria-label": "the corrected text" });
    text.value = item.content !== undefined ? item.content : (await api("api/item?id=" + encodeURIComponent(item.id))).content;
    const save = el("button", { class: "primary", type: "button", text: "Save as new version", "data-action": "save" });
    save.onclick = async () => {
      try {
        const created = await api("api/supersede", { id: item.id, content: text.value });
        toast("Superseded by " + created.id + ".", () => api("api/delete", { id: created.id }));
        location.hash = "#/item/" + encodeURIComponent(created.id);
      } catch (error) { toast(error.message); }
    };
    bar.replaceChildren(text, save);
    text.focus();
  });
  const remove = el("button", { class: "danger", type: "button", text: "Delete", "data-action": "delete" });
  remove.onclick = () => attempt(async () => {
    const answer = await api("api/delete", { id: item.id });
    toast("Deleted " + item.id + ".", () => api("api/undo", { undo: answer.undo }));
    if (location.hash.startsWith("#/item/")) location.hash = "#/review"; else done();
  });
  bar.append(accept, supersede, remove);
  return bar;
}

async function timelineView(params) {
  if (!params.get("limit")) params.set("limit", "200");
  const items = await api("api/list?" + params.toString());
  const days = el("div", { id: "timeline" });
  let day = null;
  let ul = null;
  for (const item of items) {
    const date = item.created_at.slice(0, 10);
    if (date !== day) {
      day = date;
      ul = el("ul", { class: "items" });
      days.append(el("h3", { class: "day", text: date }), ul);
    }
    ul.append(itemRow(item));
  }
  main.replaceChildren(el("h2", { text: "Timeline, newest first" }),
    filters(params, (next) => { location.hash = "#/timeline?" + next.toString(); }),
    items.length ? days : el("p", { class: "empty", text: "No items." }));
}

async function entityView(name, params) {
  const items = await api("api/entity?name=" + encodeURIComponent(name) + "&" + params.toString());
  main.replaceChildren(el("h2", { text: "Items that mention " + name }),
    el("p", { class: "meta" }, el("a", { href: "#/graph/" + encodeURIComponent(name), text: "See it in the graph" })),
    list(items, "No current item mentions it."));
}

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attributes, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes || {})) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text; // entity names are untrusted: text only, as everywhere
  return node;
}

// How many entities the graph view shows at first, and how many more each "Show more" adds (the server's bounds).
const GRAPH_NODES = 24;
const GRAPH_MOST = 120;

async function graphView(name, params) {
  const asked = Math.min(GRAPH_MOST, Math.max(2, parseInt(params.get("nodes") || "", 10) || GRAPH_NODES));
  const data = await api("api/graph?nodes=" + asked + (name ? "&entity=" + encodeURIComponent(name) : ""));
  const width = 900;
  const focus = name ? data.nodes.findIndex((node) => node.name.toLowerCase() === name.toLowerCase()) : -1;
  const heading = name ? "Entities around " + name : "Entities and the items linking them";
  const total = data.entities === undefined ? data.nodes.length : data.entities;
  const note = el("p", { class: "meta", id: "graph-note", text: data.nodes.length + " of the " + total + " entities the newest "
    + data.items_read + " current item" + (data.items_read === 1 ? "" : "s") + (name ? " that mention it" : "")
    + " mention, those they mention most (knowledge counts more than routine history). A line joins two that items"
    + " mention together, each entity's strongest three. Hover for a whole name, click an entity to centre on it,"
    + " a line for the items linking two." });
  const more = el("p", { class: "meta" });
  const here = "#/graph" + (name ? "/" + encodeURIComponent(name) : "");
  if (total > data.nodes.length && asked < GRAPH_MOST) {
    more.append(el("a", { id: "graph-more", href: here + "?nodes=" + Math.min(GRAPH_MOST, asked + GRAPH_NODES), text: "Show more" }));
  }
  if (asked > GRAPH_NODES) {
    more.append(document.createTextNode(more.firstChild ? " · " : ""),
      el("a", { id: "graph-fewer", href: here + "?nodes=" + Math.max(GRAPH_NODES, asked - GRAPH_NODES), text: "Show fewer" }));
  }
  if (!data.nodes.length) {
    main.replaceChildren(el("h2", { text: heading }), el("p", { class: "empty", text: "No entities yet." }));
    return;
  }
  const picture = svg("svg", { id: "graph", viewBox: "0 0 " + width + " 480", role: "group", "aria-label": heading });
  const lines = svg("g", { class: "links" });
  const details = el("div", { id: "graph-details" });
  const showLink = (link) => {
    details.replaceChildren(el("h3", { text: "Items linking " + link.from + " and " + link.to + " (" + link.weight + ")" }),
      list(link.items, "None."));
  };
  const labels = graphLabels(data.nodes.map((node) => node.name));
  const most = Math.max(...data.nodes.map((node) => node.items));
  const groups = data.nodes.map((node, i) => {
    const radius = 5 + 11 * Math.sqrt(node.items / most);
    const group = svg("g", { class: "node " + node.type + (i === focus ? " focus" : ""), tabindex: "0", "data-name": node.name,
      "aria-label": node.name });
    group.append(svg("circle", { r: radius }), svg("text", { x: 0, y: -(radius + 4), "text-anchor": "middle" }, labels[i]),
      svg("title", {}, node.name + " (" + node.type + "): " + node.items + " item" + (node.items === 1 ? "" : "s")
        + (node.knowledge === undefined ? "" : ", " + node.knowledge + " of them knowledge")));
    return group;
  });
  picture.append(lines, ...groups);
  main.replaceChildren(el("h2", { text: heading }), note, graphLinks(name), picture, more, details);
  // measured in place (the labels' real widths), laid out and moved before the browser paints once
  const boxes = groups.map((group) => {
    const box = group.getBBox();
    return { left: box.x, top: box.y, right: box.x + box.width, bottom: box.y + box.height };
  });
  const placed = graphLayout(data.nodes, data.links, boxes, width, focus >= 0 ? focus : undefined);
  picture.setAttribute("viewBox", "0 " + placed.top + " " + width + " " + placed.height);
  groups.forEach((group, i) => group.setAttribute("transform", "translate(" + placed.at[i].x + "," + placed.at[i].y + ")"));
  const index = new Map(data.nodes.map((node, i) => [node.name, i]));
  const touching = data.nodes.map(() => []);
  for (const link of data.links) {
    const from = index.get(link.from), to = index.get(link.to);
    const a = placed.at[from], b = placed.at[to];
    const line = svg("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: "link",
      "stroke-width": Math.min(8, 1 + Math.log(link.weight) * 1.5), "data-from": link.from, "data-to": link.to });
    line.append(svg("title", {}, link.from + " — " + link.to + ": " + link.weight + " item" + (link.weight === 1 ? "" : "s")
      + (link.lift === undefined ? "" : ", " + link.lift + " times as often as by chance")));
    line.addEventListener("click", () => showLink(link));
    lines.append(line);
    touching[from].push([line, link, to]);
    touching[to].push([line, link, from]);
  }
  groups.forEach((group, i) => {
    const open = () => { location.hash = "#/graph/" + encodeURIComponent(data.nodes[i].name); };
    const trace = (on) => {
      picture.classList.toggle("tracing", on);
      for (const [line] of touching[i]) line.classList.toggle("near", on);
    };
    group.addEventListener("click", open);
    group.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); open(); }
    });
    group.addEventListener("mouseenter", () => trace(true));
    group.addEventListener("mouseleave", () => trace(false));
    // from the keyboard, a focused entity lists its lines as buttons: the items behind each are a key away
    group.addEventListener("focus", () => {
      trace(true);
      const buttons = el("p", { class: "graph-lines" }, document.createTextNode("Lines of " + labels[i] + ": "));
      for (const [, link, other] of touching[i]) {
        const button = el("button", { type: "button", text: labels[other] + " (" + link.weight + ")", title: data.nodes[other].name });
        button.addEventListener("click", () => showLink(link));
        buttons.append(button, document.createTextNode(" "));
      }
      details.replaceChildren(touching[i].length ? buttons : el("p", { class: "empty", text: "No line of " + labels[i] + " is shown." }));
    });
    group.addEventListener("blur", () => trace(false));
  });
  if (data.links.length) showLink(data.links[0]);
}

function graphLinks(name) {
  const links = el("p", { class: "meta" });
  if (name) {
    links.append(el("a", { href: "#/entity/" + encodeURIComponent(name), text: "Items that mention " + name }),
      document.createTextNode(" · "), el("a", { href: "#/graph", text: "Whole graph" }));
  }
  return links;
}

const REVIEW_PAGE = 50;

async function reviewView(params) {
  const offset = Math.max(0, parseInt(params.get("offset") || "0", 10) || 0);
  const page = await api("api/review?offset=" + offset + "&limit=" + REVIEW_PAGE);
  if (!page.items.length && offset > 0) { location.hash = "#/review?offset=" + Math.max(0, offset - REVIEW_PAGE); return; }
  const pager = el("div", { class: "pager" });
  if (offset > 0) pager.append(el("a", { href: "#/review?offset=" + Math.max(0, offset - REVIEW_PAGE), id: "review-newer", text: "← Newer" }));
  if (page.items.length) pager.append(el("span", { class: "meta", id: "review-range", text: (offset + 1) + "–" + (offset + page.items.length) }));
  if (page.more) pager.append(el("a", { href: "#/review?offset=" + (offset + REVIEW_PAGE), id: "review-older", text: "Older →" }));
  main.replaceChildren(el("h2", { text: "Stored by capture and indexing, or flagged as instructions, not yet reviewed" }),
    list(page.items, "Nothing to review.", (item) => actions(item, () => route())), pager);
}

let session = null;

async function route() {
  const hash = location.hash || "#/";
  const [path, query] = hash.slice(1).split("?");
  const params = new URLSearchParams(query || "");
  for (const link of document.querySelectorAll("nav a")) link.classList.toggle("active", link.getAttribute("href") === "#" + path);
  main.dataset.view = "";
  try {
    if (!session) session = await api("api/session");
    if (path.startsWith("/item/")) await itemView(decodeURIComponent(path.slice(6)));
    else if (path.startsWith("/entity/")) await entityView(decodeURIComponent(path.slice(8)), params);
    else if (path.startsWith("/graph/")) await graphView(decodeURIComponent(path.slice(7)), params);
    else if (path === "/graph") await graphView("", params);
    else if (path === "/timeline") await timelineView(params);
    else if (path === "/list") await listView(params);
    else if (path === "/review") await reviewView(params);
    else await searchView(params);
    main.dataset.view = path.split("/")[1] || "search";
  } catch (error) {
    if (error instanceof NeedsToken) { session = null; tokenView(error); } else showError(error);
  }
}

window.addEventListener("hashchange", route);
route();
