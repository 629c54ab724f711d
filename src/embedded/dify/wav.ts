/**
 * The demo's "speech": a short sine tone as a WAV file (16-bit PCM, mono), built in code so the repo
 * carries no binary fixtures. Its length grows with the text, so a longer answer "reads" longer.
 */

const SAMPLE_RATE = 16_000;
const TONE_HZ = 440;
/** Seconds: a floor so even a word is audible, a cap so a long answer stays a small file (≤ 192 KB). */
const MIN_SECONDS = 0.3;
const SECONDS_PER_CHARACTER = 0.06;
const MAX_SECONDS = 6;
const FADE_SECONDS = 0.01;

export function speechSeconds(text: string): number {
  return Math.min(MAX_SECONDS, MIN_SECONDS + [...text.trim()].length * SECONDS_PER_CHARACTER);
}

/** A RIFF/WAVE file of `seconds` of tone (fading in and out, so it does not click). */
export function sineWav(seconds: number): Uint8Array {
  const samples = Math.round(seconds * SAMPLE_RATE);
  const dataBytes = samples * 2;
  const buffer = new ArrayBuffer(44 + dataBytes);
  const view = new DataView(buffer);
  const ascii = (offset: number, text: string) => [...text].forEach((char, index) => view.setUint8(offset + index, char.charCodeAt(0)));
  ascii(0, "RIFF");
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, "WAVE");
  ascii(12, "fmt ");
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, SAMPLE_RATE, true);
  view.setUint32(28, SAMPLE_RATE * 2, true); // byte rate
  view.setUint16(32, 2, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, "data");
  view.setUint32(40, dataBytes, true);
  const fade = Math.max(1, Math.round(FADE_SECONDS * SAMPLE_RATE));
  for (let index = 0; index < samples; index += 1) {
    const envelope = Math.min(1, index / fade, (samples - 1 - index) / fade);
    const value = Math.sin((2 * Math.PI * TONE_HZ * index) / SAMPLE_RATE) * 0.3 * Math.max(0, envelope);
    view.setInt16(44 + index * 2, Math.round(value * 32767), true);
  }
  return new Uint8Array(buffer);
}

/** Speech for `text`. */
export function speechWav(text: string): Uint8Array {
  return sineWav(speechSeconds(text));
}
