// @ts-check
/**
 * "Your turn": the tab's title says it, the board lights up what may be
 * played (the class `my-turn` on the table, styled in cues.css), and, when the
 * player switched it on, a short sound plays as the turn begins. The sound is
 * off by default; the choice is kept in this browser.
 */

const SOUND_KEY = "ludoteca.turn-sound";

/** A short two-note chime, made on the spot (no file to load). */
function chime() {
  const Context = window.AudioContext || /** @type {any} */ (window).webkitAudioContext;
  if (!Context) return;
  const audio = new Context();
  const now = audio.currentTime;
  [660, 880].forEach((pitch, i) => {
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = pitch;
    gain.gain.setValueAtTime(0.0001, now + i * 0.12);
    gain.gain.exponentialRampToValueAtTime(0.15, now + i * 0.12 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.12 + 0.18);
    tone.connect(gain).connect(audio.destination);
    tone.start(now + i * 0.12);
    tone.stop(now + i * 0.12 + 0.2);
  });
  setTimeout(() => audio.close(), 600);
}

/**
 * @param {HTMLElement} app the table's element
 * @param {(msgid: string) => string} t
 */
export function createCues(app, t) {
  const title = document.title;
  const button = /** @type {HTMLButtonElement|null} */ (app.querySelector('[data-role="sound"]'));
  let soundOn = localStorage.getItem(SOUND_KEY) === "on";
  let mine = false;
  const stats = { chimes: 0 };

  const showSound = () => {
    if (!button) return;
    button.setAttribute("aria-pressed", String(soundOn));
    button.title = soundOn ? t("The turn sound is on") : t("The turn sound is off");
  };
  button?.addEventListener("click", () => {
    soundOn = !soundOn;
    localStorage.setItem(SOUND_KEY, soundOn ? "on" : "off");
    showSound();
  });
  showSound();

  return {
    stats,
    /** @param {boolean} myTurn whether this seat has something to play now */
    update(myTurn) {
      app.classList.toggle("my-turn", myTurn);
      document.title = myTurn ? `● ${t("Your turn")} · ${title}` : title;
      if (myTurn && !mine && soundOn) {
        stats.chimes += 1;
        chime();
      }
      mine = myTurn;
    },
  };
}
