// Applying a page's patch to the document, in one call from Python: every page's host
// (catan_web.browser.apply) hands the operations of catan_web.patch over as ONE JSON text
// (catan_web.patch.encode: an array of operations, each the name of its class in
// catan_web.patch followed by its fields in order), and applyPatch writes them. Python thus
// crosses into JavaScript once per redraw instead of several times per operation.
// web/interpreter.mjs gives it to the page's Python as the module `_catan_patch`.
//
// Each operation names a region by its element's id; a keyed region's wrapper is that
// element's first child. What a rewrite would lose is kept: the keyboard focus (the element
// with the same id, or the same board spot, is focused again when the one focused was
// rewritten), what a person typed in a field rewritten with the same default value, and
// whether a disclosure (<details> with an id) was open. A child whose opening tag alone changed
// (Retag: a hex lit as a target, or going dark) is not rewritten: only its attributes are set.
//
// What follows a patch crosses in one call too: reading lines out in the live region
// (announce), moving the focus (focusOn), and running a callback once the patch is painted
// (afterPaint: the autosave). Each of these took several crossings from Python, a tenth of a
// millisecond each in Pyodide.

// Attributes naming a board spot, by which a rewritten spot is found again.
const FOCUS_DATA = ["data-node", "data-edge", "data-hex"];
// Fields whose typed text survives a rewrite, and disclosures that stay open.
const TYPED = "textarea:not([readonly]), input[type=text]:not([readonly]), input:not([type]):not([readonly]),"
  + " input[type=password]";
const KEPT = `${TYPED}, details[open][id]`;

// A selector finding `node` again after a rewrite (its id or board data attribute), or null.
function focusSelector(node) {
  if (node === null || node === document.body) return null;
  if (node.id) return `#${CSS.escape(node.id)}`;
  for (const name of FOCUS_DATA) {
    const value = node.getAttribute(name);
    if (value !== null) return `[${name}="${CSS.escape(value)}"]`;
  }
  return null;
}

// Set attribute `name` of `element` to `value` (null: remove it).
function setAttribute(element, name, value) {
  if (value === null) element.removeAttribute(name);
  else element.setAttribute(name, value);
}

// Make the attributes of `element` those of the opening tag `tag` (catan_web.patch.Retag): set,
// changed and removed in place, so that the element, its children and its focus stay. The tag
// is parsed inside an element like `element`'s parent, so that an SVG element's attribute names
// keep their case and an attribute's namespace is known.
function retag(element, tag) {
  const parent = element.parentNode;
  const scratch = document.createElementNS(parent.namespaceURI, parent.localName);
  scratch.innerHTML = tag;
  const model = scratch.firstElementChild;
  if (model === null || model.localName !== element.localName) throw new Error(`patch: ${tag} is no opening tag of ${element.localName}`);
  for (const { namespaceURI, localName } of [...element.attributes]) {
    if (!model.hasAttributeNS(namespaceURI, localName)) element.removeAttributeNS(namespaceURI, localName);
  }
  for (const { namespaceURI, localName, name, value } of model.attributes) {
    if (element.getAttributeNS(namespaceURI, localName) !== value) element.setAttributeNS(namespaceURI, name, value);
  }
}

// Replace `region`'s contents with `html`, keeping what was typed in its fields (when the
// field's default value did not change) and which of its disclosures were open.
function fill(region, html) {
  const typed = [];
  const opened = [];
  for (const part of region.querySelectorAll(KEPT)) {
    if (part.tagName === "DETAILS") opened.push(part.id);
    else if (part.id && part.value !== part.defaultValue) typed.push([part.id, part.defaultValue, part.value]);
  }
  region.innerHTML = html;
  for (const [id, initial, value] of typed) {
    const field = document.getElementById(id);
    if (field !== null && region.contains(field) && field.defaultValue === initial) field.value = value;
  }
  for (const id of opened) {
    const part = document.getElementById(id);
    if (part !== null && region.contains(part)) part.open = true;
  }
}

/** Apply the operations of `text` (catan_web.patch.encode) in order. A region missing from
 * the document is skipped; an operation of unknown name throws. */
export function applyPatch(text) {
  const active = document.activeElement;
  const selector = focusSelector(active);
  let name = null;
  let region = null;
  let wrapper = null; // the region's first child, once looked up
  for (const op of JSON.parse(text)) {
    const [kind, id] = op;
    if (id !== name) {
      name = id;
      region = document.getElementById(id);
      wrapper = null;
    }
    if (region === null) continue;
    if (kind === "Fill") {
      fill(region, op[2]);
      wrapper = null;
      continue;
    }
    if (kind === "SetAttribute" && op[4]) { // the region's own element
      setAttribute(region, op[2], op[3]);
      continue;
    }
    wrapper ??= region.firstElementChild;
    switch (kind) {
      case "SetAttribute":
        setAttribute(wrapper, op[2], op[3]);
        break;
      case "Put":
        wrapper.children[op[2]].outerHTML = op[3];
        break;
      case "Retag":
        retag(wrapper.children[op[2]], op[3]);
        break;
      case "Insert": {
        const following = wrapper.children[op[2]];
        if (following === undefined) wrapper.insertAdjacentHTML("beforeend", op[3]);
        else following.insertAdjacentHTML("beforebegin", op[3]);
        break;
      }
      case "Remove":
        wrapper.children[op[2]].remove();
        break;
      default:
        throw new Error(`patch: unknown operation ${kind}`);
    }
  }
  if (selector !== null && !document.contains(active)) document.querySelector(selector)?.focus();
}

/** Read `html` (the lines' markup) out: it becomes the contents of the live region #announce. */
export function announce(html) {
  const region = document.getElementById("announce");
  if (region !== null) region.innerHTML = html;
}

/** Move the focus to what `selector` finds, or to its first descendant matching `focusable`
 * when it does not match itself; with `ifLost`, only when the focus is on nothing (the body).
 * An element that has the focus already is not focused again (that would only make the
 * browser lay the page out). */
export function focusOn(selector, focusable, ifLost) {
  const active = document.activeElement;
  if (ifLost && !(active === null || active === document.body)) return;
  let node = document.querySelector(selector);
  if (node !== null && !node.matches(focusable)) node = node.querySelector(focusable);
  if (node !== null && node !== active) node.focus();
}

/** Call `callback` once the page is painted: in a task after the next animation frame, or at
 * once when the page is hidden (it paints nothing then). */
export function afterPaint(callback) {
  if (document.hidden) callback();
  else requestAnimationFrame(() => setTimeout(callback, 0));
}
