// What the explorer page and its MCP App both draw. Item text is untrusted: it reaches the DOM only through
// textContent (el's "text"), never as HTML.
"use strict";

function el(tag, props, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (key === "text") node.textContent = value;
    else if (key === "on") for (const [event, handler] of Object.entries(value)) node.addEventListener(event, handler);
    else node.setAttribute(key, value);
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

function itemLink(item) {
  return el("a", { class: "title", href: "#/item/" + encodeURIComponent(item.id), text: item.title });
}

function when(iso) {
  return iso ? iso.slice(0, 16).replace("T", " ") : "";
}

// A related item comes with how many entities it shares and no date or source: a row shows what its item has.
function itemRow(item, extra) {
  const shared = item.shared_entities === undefined ? ""
    : item.shared_entities + (item.shared_entities === 1 ? " shared entity" : " shared entities");
  const facts = [item.id, when(item.created_at), item.source, shared].filter((fact) => fact);
  const meta = el("div", { class: "meta" }, el("span", { class: "kind " + item.kind, text: item.kind }),
    document.createTextNode(facts.join(" · ")));
  for (const tag of item.tags || []) meta.append(el("span", { class: "tag", text: " #" + tag }));
  const row = el("li", { "data-id": item.id, class: item.current === false ? "superseded" : "" }, itemLink(item), meta);
  if (item.flag) row.append(el("div", { class: "flag", text: "Reads as instructions to the agent (" + item.flag + ")"
    + (item.held ? ": kept out of the session brief and recall until accepted." : "; accepted.") }));
  if (item.snippet) row.append(el("div", { class: "snippet", text: item.snippet }));
  if (extra) row.append(extra);
  return row;
}

function list(items, empty, extra) {
  if (!items.length) return el("p", { class: "empty", text: empty });
  const ul = el("ul", { class: "items" });
  for (const item of items) ul.append(itemRow(item, extra && extra(item)));
  return ul;
}
