// Sound effects, off until the player turns them on (a page must not make noise unasked): short tones made with
// Web Audio, no files.
let context = null;

const TONES = { draw: 520, take: 440, discard: 330, swap: 600, flip: 700, knock: 220, "early-knock": 220, skip: 400, next: 660 };

export function playSound(action) {
  const frequency = TONES[action.split(" ")[0]];
  if (!frequency || typeof AudioContext === "undefined") return;
  context ||= new AudioContext();
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.frequency.value = frequency;
  gain.gain.setValueAtTime(0.08, context.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.001, context.currentTime + 0.15);
  oscillator.connect(gain).connect(context.destination);
  oscillator.start();
  oscillator.stop(context.currentTime + 0.16);
}
