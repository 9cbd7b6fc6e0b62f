// The loading message in the reader's language, shown before Python starts (every page loads
// this file deferred from its head: it runs as soon as the page is parsed). The language is
// picked as the pages pick it (catan_core.i18n.pick_language): the address's ?lang= on pages
// that read it (the script tag has data-address-lang), else the one remembered in
// localStorage["catan.settings"], else the browser's first language we speak, else English.
// The words are the catalogs' "ui.loading" (tests/test_accessibility.py checks that they
// agree). Every step is guarded: damaged storage or an odd browser leave the English word.
(() => {
  const WORDS = { en: "Loading…", es: "Cargando…", de: "Wird geladen…", hi: "लोड हो रहा है…" };
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
})();
