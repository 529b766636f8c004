// How the explorer's graph view labels and places entities: short labels (the whole name is the node's title), and a
// layout computed to rest before anything is drawn, with no label over another. No randomness and no animation: the same
// graph gives the same picture, and it does not move once shown.
"use strict";

const LABEL_LONGEST = 40;
const DOTTED_LONGEST = 24;
const GRAPH_GAP = 6;

// A path shows its file name, with as many parent folders as tell it apart from the others shown (pom.xml beside
// gson/pom.xml); a long dotted name (a package) its last parts; any other name at most LABEL_LONGEST characters.
function graphLabels(names) {
  const split = names.map(nameParts);
  const depth = split.map((parts) => parts ? parts.start : 0);
  const label = (i) => clipped(split[i] ? shownParts(split[i], depth[i]) : names[i]);
  for (let round = 0; round < 16; round++) {
    const same = new Map();
    names.forEach((name, i) => {
      const key = label(i).toLowerCase();
      same.set(key, (same.get(key) || []).concat(i));
    });
    let longer = false;
    for (const group of same.values()) {
      if (group.length < 2) continue;
      for (const i of group) {
        if (split[i] && depth[i] < split[i].parts.length) { depth[i]++; longer = true; }
      }
    }
    if (!longer) break;
  }
  return names.map((name, i) => label(i));
}

function nameParts(name) {
  if (/\s/.test(name)) return null;
  if (name.includes("/")) {
    const parts = name.split("/").filter((part) => part);
    return parts.length > 1 ? { parts, separator: "/", start: 1 } : null;
  }
  if (name.length > DOTTED_LONGEST && /^[\w$-]+(\.[\w$-]+){2,}$/.test(name)) {
    const parts = name.split(".");
    let start = 1;
    while (start < parts.length && parts.slice(-(start + 1)).join(".").length <= DOTTED_LONGEST) start++;
    return { parts, separator: ".", start };
  }
  return null;
}

function shownParts(split, depth) {
  const shown = split.parts.slice(-depth).join(split.separator);
  return depth < split.parts.length && split.separator === "." ? "…" + shown : shown;
}

function clipped(label) {
  return label.length > LABEL_LONGEST ? label.slice(0, LABEL_LONGEST - 1) + "…" : label;
}

// What a node is grouped with: its folder, its package, else its type. Nodes of a group pull together a little.
function graphGroup(node) {
  const split = nameParts(node.name);
  return split ? split.parts.slice(0, -1).join(split.separator) : node.type;
}

// Places the nodes: boxes[i] is node i's circle and label relative to its centre ({left, top, right, bottom}, as
// measured in the page). A force layout (Fruchterman-Reingold, run to rest: nodes repel, links and groups pull, each
// step moves a node at most a shrinking distance) seeded in group order, then two passes that take labels off each
// other: pairwise pushes along the shorter overlap, then a sweep from the top that moves anything still overlapping
// below what it overlaps (which always ends with none). The focus starts in the middle and stays there while it can.
// Returns each centre and the picture's extent: {at, top, height}; the width is the one given.
function graphLayout(nodes, links, boxes, width, focus) {
  const n = nodes.length;
  const index = new Map(nodes.map((node, i) => [node.name, i]));
  const area = boxes.reduce((sum, box) => sum + (box.right - box.left + GRAPH_GAP) * (box.bottom - box.top + GRAPH_GAP), 0);
  const height = Math.max(440, Math.ceil(area * 3 / width));
  const groups = nodes.map(graphGroup);
  const order = nodes.map((node, i) => i).sort((a, b) => groups[a].localeCompare(groups[b]) || a - b);
  const at = new Array(n);
  order.forEach((i, place) => {
    const angle = 2 * Math.PI * place / n;
    at[i] = { x: width / 2 + Math.cos(angle) * width * 0.35, y: height / 2 + Math.sin(angle) * height * 0.35 };
  });
  if (focus !== undefined) at[focus] = { x: width / 2, y: height / 2 };
  const pairs = links.map((link) => [index.get(link.from), index.get(link.to), Math.min(3, 1 + Math.log(link.weight))]);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) if (groups[i] === groups[j]) pairs.push([i, j, 0.3]);
  }
  settle(at, pairs, boxes, width, height, focus);
  separate(at, boxes, width, focus);
  sweep(at, boxes);
  let top = Infinity, bottom = -Infinity;
  at.forEach((point, i) => { top = Math.min(top, point.y + boxes[i].top); bottom = Math.max(bottom, point.y + boxes[i].bottom); });
  return { at, top: top - GRAPH_GAP, height: bottom - top + 2 * GRAPH_GAP };
}

function settle(at, pairs, boxes, width, height, focus) {
  const n = at.length;
  const k = Math.sqrt(width * height / Math.max(1, n)) * 0.85;
  let reach = width / 8;
  const pullX = Math.max(0.02, (n - 1) * k * k / Math.pow(width * 0.8, 2));
  const pullY = Math.max(0.05, (n - 1) * k * k / Math.pow(height * 0.4, 2));
  for (let step = 0; step < 250; step++) {
    const move = at.map(() => ({ x: 0, y: 0 }));
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const dx = at[i].x - at[j].x, dy = at[i].y - at[j].y;
        const d = Math.max(Math.hypot(dx, dy), 0.01);
        const push = k * k / d / d;
        move[i].x += dx * push; move[i].y += dy * push;
        move[j].x -= dx * push; move[j].y -= dy * push;
      }
    }
    for (const [a, b, strength] of pairs) {
      const dx = at[a].x - at[b].x, dy = at[a].y - at[b].y;
      const pull = Math.hypot(dx, dy) / k * strength;
      move[a].x -= dx * pull; move[a].y -= dy * pull;
      move[b].x += dx * pull; move[b].y += dy * pull;
    }
    for (let i = 0; i < n; i++) {
      if (i === focus) continue;
      move[i].x += (width / 2 - at[i].x) * pullX;
      move[i].y += (height / 2 - at[i].y) * pullY;
      const length = Math.max(Math.hypot(move[i].x, move[i].y), 0.01);
      const scale = Math.min(length, reach) / length;
      at[i].x = within(at[i].x + move[i].x * scale, -boxes[i].left, width - boxes[i].right);
      at[i].y = within(at[i].y + move[i].y * scale, -boxes[i].top, height - boxes[i].bottom);
    }
    reach = Math.max(1, reach * 0.97);
  }
}

function within(value, low, high) {
  return low > high ? (low + high) / 2 : Math.min(high, Math.max(low, value));
}

// How far the two nodes' boxes (with the gap between them) overlap along each axis; both positive: they overlap.
function overlap(at, boxes, i, j) {
  const a = at[i], b = at[j], p = boxes[i], q = boxes[j];
  return {
    x: Math.min(a.x + p.right, b.x + q.right) - Math.max(a.x + p.left, b.x + q.left) + GRAPH_GAP,
    y: Math.min(a.y + p.bottom, b.y + q.bottom) - Math.max(a.y + p.top, b.y + q.top) + GRAPH_GAP
  };
}

function separate(at, boxes, width, focus) {
  for (let pass = 0; pass < 200; pass++) {
    let moved = false;
    for (let i = 0; i < at.length; i++) {
      for (let j = i + 1; j < at.length; j++) {
        const o = overlap(at, boxes, i, j);
        if (o.x <= 1e-6 || o.y <= 1e-6) continue;
        moved = true;
        const share = i === focus ? [0, 1] : j === focus ? [1, 0] : [0.5, 0.5];
        const axis = o.x < o.y ? "x" : "y";
        const away = at[i][axis] < at[j][axis] || (at[i][axis] === at[j][axis] && i < j) ? -1 : 1;
        at[i][axis] += away * o[axis] * share[0];
        at[j][axis] -= away * o[axis] * share[1];
        if (axis === "x") {
          at[i].x = within(at[i].x, -boxes[i].left, width - boxes[i].right);
          at[j].x = within(at[j].x, -boxes[j].left, width - boxes[j].right);
        }
      }
    }
    if (!moved) return;
  }
}

function sweep(at, boxes) {
  const order = at.map((point, i) => i).sort((a, b) => (at[a].y + boxes[a].top) - (at[b].y + boxes[b].top) || a - b);
  const placed = [];
  for (const i of order) {
    for (let moved = true; moved;) {
      moved = false;
      for (const j of placed) {
        const o = overlap(at, boxes, i, j);
        if (o.x > 1e-6 && o.y > 1e-6) {
          at[i].y = at[j].y + boxes[j].bottom - boxes[i].top + GRAPH_GAP;
          moved = true;
        }
      }
    }
    placed.push(i);
  }
}
