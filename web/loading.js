// The loading message in the reader's language, shown before Python starts (every page loads
// this file deferred from its head: it runs as soon as the page is parsed). The language is
// picked as the pages pick it (catan_core.i18n.pick_language): the address's ?lang= on pages
// that read it (the script tag has data-address-lang), else the one remembered in
// localStorage["catan.settings"], else the browser's first language we speak, else English.
// The words are the catalogs' "ui.loading" (tests/test_accessibility.py checks that they
// agree), as are those of the message that replaces it when Python cannot start (FAILED,
// "ui.start_failed"). Every step is guarded: damaged storage or an odd browser leave the English word.
(() => {
  const WORDS = { en: "Loading…", es: "Cargando…", de: "Wird geladen…", hi: "लोड हो रहा है…" };
  const FAILED = {
    "en": "This page could not start ({reason}). Check the connection, then reload the page.",
    "es": "Esta página no pudo arrancar ({reason}). Comprueba la conexión y vuelve a cargar la página.",
    "de": "Diese Seite konnte nicht starten ({reason}). Prüfe die Verbindung und lade die Seite dann neu.",
    "hi": "यह पेज शुरू नहीं हो सका ({reason})। कनेक्शन जाँचें, फिर पेज दोबारा लोड करें।"
  };
  const MAX_REASON = 200;
  const MAX_SETTINGS = 2000;
  const MAX_TAG = 40;
  const speak = (tag) => {
    if (typeof tag !== "string" || tag.length > MAX_TAG) return null;
    const primary = tag.trim().toLowerCase().replace("_", "-").split("-")[0];
    return Object.prototype.hasOwnProperty.call(WORDS, primary) ? primary : null;
  };
  const script = document.currentScript;
  let lang = null;
  try {
    if (script && script.hasAttribute("data-address-lang")) lang = speak(new URLSearchParams(location.search).get("lang"));
  } catch (error) { /* no address language */ }
  try {
    const raw = lang ? null : localStorage.getItem("catan.settings");
    if (typeof raw === "string" && raw.length <= MAX_SETTINGS) {
      const settings = JSON.parse(raw);
      if (settings && typeof settings === "object") lang = speak(settings.lang);
    }
  } catch (error) { /* storage refused or damaged */ }
  try {
    for (const tag of lang ? [] : Array.from(navigator.languages || []).slice(0, 20)) {
      lang = speak(tag);
      if (lang) break;
    }
  } catch (error) { /* no browser languages */ }
  lang = lang || "en";
  try {
    document.documentElement.lang = lang;
    for (const node of document.querySelectorAll("[data-loading]")) node.textContent = WORDS[lang];
  } catch (error) { /* the English word stays */ }
  // When Python cannot start (interpreter.mjs could not load, or could not download or start
  // Pyodide, and PyScript says nothing then), the loading message becomes an alert that says
  // why: "ui.start_failed". The import is the page's own module, not fetched again.
  import("./interpreter.mjs").then((module) => module.started).catch((error) => {
    const reason = String(error?.message ?? error).slice(0, MAX_REASON);
    for (const node of document.querySelectorAll("[data-loading]")) {
      node.textContent = FAILED[lang].replace("{reason}", () => reason);
      node.setAttribute("role", "alert");
    }
    for (const node of document.querySelectorAll('[aria-busy="true"]')) node.removeAttribute("aria-busy");
  });
})();
