// Playing one of the game's sounds with Web Audio, in one call from Python: the game page's
// host (catan_web.browser.game.GamePage.play) hands over the sound's notes as ONE JSON text
// (catan_web.game.sound.notes_text: an array of [start, seconds, pitch, wave, loudness], from
// catan_web.game.sound.SOUNDS), and playNotes schedules them. A roll's six notes took about 70
// crossings from Python into JavaScript, one each per Web Audio call; now they take one.
// web/interpreter.mjs gives it to the page's Python as the module `_catan_sound`.

// Seconds before a sound starts (the audio clock runs ahead) and for a note to swell.
const DELAY = 0.01;
const ATTACK = 0.01;
// The loudness a note starts from and fades to (exponential ramps cannot reach 0).
const SILENT = 0.0001;

// The page's audio context, made on the person's first gesture with the sound on (readySound)
// or else at the first sound (which comes only after a gesture).
let audio = null;

// Make the page's audio context, if it has none yet (false: the browser has no Web Audio).
function makeAudio() {
  if (audio === null && globalThis.AudioContext) audio = new globalThis.AudioContext();
  return audio !== null;
}

// Events by which a person activates the page (a browser lets it start its audio only then).
const ACTIVATING = ["click", "keydown"];

// Whether the page has been activated (true where the browser cannot say).
function activated() {
  return navigator.userActivation?.hasBeenActive ?? true;
}

/** Make the audio context ready (catan_web.game.effects.ReadySound, on the person's first
 * gesture with the sound on), in a task of its own: the browser's audio takes about a tenth of
 * a second to start the first time, and the first sound would otherwise wait for it in the
 * middle of a game. A gesture the page counts may not be one that activates it (a finger
 * pressed but not yet lifted, a field changed by a script), and a browser starts no audio
 * before that: then the context is made after the first click or key that activates it. */
export function readySound() {
  if (activated()) {
    setTimeout(makeAudio, 0);
    return;
  }
  const later = () => setTimeout(() => {
    if (!activated()) return;
    for (const kind of ACTIVATING) removeEventListener(kind, later, true);
    makeAudio();
  }, 0);
  for (const kind of ACTIVATING) addEventListener(kind, later, true);
}

/** Play the notes of `text` (catan_web.game.sound.notes_text) once the move that made the
 * sound is painted: the audio graph is built in a task of its own, not in the move's (it
 * starts with the change it goes with, a frame later at most). Nothing where the browser has
 * no Web Audio. */
export function playNotes(text) {
  setTimeout(() => schedule(text), 0);
}

/** Schedule the notes of `text` on the page's audio context. */
function schedule(text) {
  if (!makeAudio()) return;
  if (audio.state === "suspended") audio.resume();
  const begin = audio.currentTime + DELAY;
  for (const [start, seconds, pitch, wave, loud] of JSON.parse(text)) {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = wave;
    oscillator.frequency.value = pitch;
    const at = begin + start;
    const end = at + seconds;
    gain.gain.setValueAtTime(SILENT, at);
    gain.gain.exponentialRampToValueAtTime(loud, at + ATTACK);
    gain.gain.exponentialRampToValueAtTime(SILENT, end);
    oscillator.connect(gain);
    gain.connect(audio.destination);
    oscillator.start(at);
    oscillator.stop(end + ATTACK);
  }
}
